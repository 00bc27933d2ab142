import { KEY_IDS, episodeById } from '@capshelf/replica';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';

const PAGE_SPACING_MS = 300;
// Wide enough that a grid held behind the download could never pass for one that was not, even on
// a loaded machine (a grid of 24 thumbnails took up to 0.7 s there).
const FULL_SPACING_MS = 1000;
/** Arrival times carry a little scheduling noise. */
const NOISE_MS = 60;

const gaps = (times: number[]) => times.slice(1).map((at, i) => at - times[i]!);

describe(`a pace per kind of host, measured by the replica's arrival times (${databaseKind})`, () => {
  let t: BrowseApp;
  afterEach(async () => {
    await t.close();
  });

  it('pages, thumbnails and full-size images each keep their own spacing and concurrency', async () => {
    t = await startBrowseApp({
      UPSTREAM_PAGE_SPACING: `${PAGE_SPACING_MS}ms`,
      UPSTREAM_THUMB_CONCURRENCY: '6',
      UPSTREAM_THUMB_SPACING: '0ms',
      UPSTREAM_FULL_CONCURRENCY: '2',
      UPSTREAM_FULL_SPACING: `${FULL_SPACING_MS}ms`,
    });
    const ids = episodeById(KEY_IDS.bigEpisode)!.imageIds;
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: t.headers });
    t.replica.resetCounts();

    // A ZIP download of eight originals is running when a grid asks for 24 thumbnails.
    const download = await t.app.inject({
      method: 'POST',
      url: '/api/download',
      headers: t.headers,
      payload: {
        image_urls: ids.slice(0, 8).map((id) => `/api/images/${id}.jpg?kind=anime&size=large`),
      },
    });
    expect(download.statusCode).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, FULL_SPACING_MS));
    const gridStarted = performance.timeOrigin + performance.now();
    const thumbs = await Promise.all(
      ids.slice(100, 124).map((id) => get(`/api/images/${id}.jpg?kind=anime&size=thumb`)),
    );
    const gridDone = performance.timeOrigin + performance.now();
    for (const res of thumbs) expect(res.statusCode).toBe(200);
    // Three searches: pages keep their own spacing, apart from both image paces.
    const searches = ['hanabi', 'lighthouse', 'ladybug'].map((query) =>
      t.app.inject({ method: 'POST', url: '/api/search', headers: t.headers, payload: { query } }),
    );
    for (const res of await Promise.all(searches)) expect(res.statusCode).toBe(200);

    // The download goes on at its own pace after the grid is done.
    const originalsAfterGrid = () =>
      t.replica.counts().requests.filter((r) => r.host === 'cdni' && r.at > gridDone).length;
    await vi.waitFor(() => expect(originalsAfterGrid()).toBeGreaterThan(0), {
      timeout: 3 * FULL_SPACING_MS,
    });
    const { requests } = t.replica.counts();
    const times = (host: string) => requests.filter((r) => r.host === host).map((r) => r.at);
    const originals = times('cdni');
    expect(originals.length).toBeGreaterThan(0);
    for (const gap of gaps(originals))
      expect(gap).toBeGreaterThanOrEqual(FULL_SPACING_MS - NOISE_MS);
    for (const gap of gaps(times('pages')))
      expect(gap).toBeGreaterThanOrEqual(PAGE_SPACING_MS - NOISE_MS);
    // The grid was not held behind the download: while its 24 thumbnails loaded, fewer than half
    // of the originals still to come arrived (held behind them, it would have waited for all of
    // them); bench/timings.ts prints the grid's time.
    expect(times('ant')).toHaveLength(24);
    const toCome = 8 - originals.filter((at) => at < gridStarted).length;
    const during = originals.filter((at) => at >= gridStarted && at <= gridDone).length;
    expect(during).toBeLessThan(toCome / 2);
    expect(originals.at(-1)!).toBeGreaterThan(gridDone);
  });
});
