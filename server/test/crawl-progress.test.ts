import type { ImageCrawlResponse } from '@capshelf/contract';
import { KEY_IDS, episodeById, movieById } from '@capshelf/replica';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';

let t: BrowseApp;
beforeAll(async () => {
  // Slow enough pages that a crawl can be watched (and broken) midway.
  t = await startBrowseApp({ UPSTREAM_PAGE_SPACING: '40ms' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.replica.clearFaults();
  t.replica.resetCounts();
});

const big = episodeById(KEY_IDS.bigEpisode)!;
const episodeId = (id: number) =>
  encodeURIComponent(`${t.replica.pageOrigin}/anime/episodeimages.php?${id}`);
const progress = async (id: string, query = ''): Promise<ImageCrawlResponse> => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/images/episode/${id}/progress${query}`,
    headers: t.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const pageRequests = () => t.replica.counts().hosts.pages;

async function pollUntil(id: string, done: (answer: ImageCrawlResponse) => boolean) {
  for (;;) {
    const answer = await progress(id);
    if (done(answer)) return answer;
    await sleep(20);
  }
}

describe(`progressive listing (${databaseKind})`, () => {
  it('grows page by page while the server crawls, and ends with the complete list', async () => {
    const id = episodeId(big.id);
    const first = await progress(id);
    expect(first.state).toBe('running');
    // The first answer waited for page 1: its images come with it.
    expect(first.page).toBeGreaterThanOrEqual(1);
    expect(first.images.map((i) => i.id)).toEqual(big.imageIds.slice(0, first.total));

    const partial = await pollUntil(id, (a) => a.page >= 2 && a.state === 'running');
    expect(partial.images.map((i: { id: number }) => i.id)).toEqual(
      big.imageIds.slice(0, partial.total),
    );
    // The pager's window shows five pages ahead of the first ones.
    expect(partial.pages_at_least).toBeGreaterThanOrEqual(5);
    expect(partial.pages).toBeNull();
    expect(partial.episode_title).toBe('Episode 2');

    const done = await pollUntil(id, (a) => a.state === 'done');
    expect(done).toMatchObject({ total: big.imageIds.length, page: 24, pages: 24, error: null });
    expect(pageRequests()).toBe(24);

    // From an offset: only what the caller does not have yet.
    const tail = await progress(id, '?offset=800');
    expect(tail.images.map((i: { id: number }) => i.id)).toEqual(big.imageIds.slice(800));

    // The complete answer for callers that want it: from the store, no new request.
    const whole = await t.app.inject({
      method: 'GET',
      url: `/api/images/episode/${id}`,
      headers: t.headers,
    });
    expect(whole.json()).toMatchObject({ total: big.imageIds.length, cached: true });
    expect(pageRequests()).toBe(24);
  });

  it('shares one crawl between callers, and a complete-list caller joins it', async () => {
    const movie = movieById(KEY_IDS.multiPageMovie)!;
    const id = encodeURIComponent(
      `${t.replica.pageOrigin}/movies/MovieImages.php?movieid=${movie.id}`,
    );
    const other = await t.userHeaders('second-user@example.com');
    const [a, b, whole] = await Promise.all([
      progress(id),
      t.app.inject({ method: 'GET', url: `/api/images/episode/${id}/progress`, headers: other }),
      t.app.inject({ method: 'GET', url: `/api/images/episode/${id}`, headers: other }),
    ]);
    expect(a.state).toBe('running');
    expect(b.statusCode).toBe(200);
    expect(whole.json().total).toBe(movie.imageIds.length);
    const done = await pollUntil(id, (x) => x.state === 'done');
    expect(done.total).toBe(movie.imageIds.length);
    expect(done.work_title).toBe(movie.title);
    expect(pageRequests()).toBe(done.page);
  });

  // A deadline, not a speed: slow pages, and a loaded machine beside the other tiers.
  it('keeps what a failed crawl read, says where it stopped, and resumes from there', async () => {
    const episode = episodeById(KEY_IDS.bigEpisode + 1)!;
    const longer = episodeById(KEY_IDS.longShow + 1)!;
    const target = longer.imageIds.length > episode.imageIds.length ? longer : episode;
    const id = episodeId(target.id);
    // Slow pages, so the crawl is still reading when the site starts failing: the episode has
    // only three pages, and a fast crawl read them all before the fault (then it never failed).
    t.replica.setFault('pages', { type: 'slow', delayMs: 1500 });
    await progress(id);
    await pollUntil(id, (a) => a.page >= 1);
    t.replica.setFault('pages', { type: 'error', status: 503 });
    const failed = await pollUntil(id, (a) => a.state === 'failed');
    expect(failed.page).toBeGreaterThanOrEqual(1);
    expect(failed.error).toMatchObject({ code: 'UPSTREAM_ERROR' });
    expect(failed.images.map((i: { id: number }) => i.id)).toEqual(
      target.imageIds.slice(0, failed.total),
    );
    // Failed stays failed (no crawl is started behind the caller's back) until asked to resume.
    t.replica.clearFaults();
    t.replica.resetCounts();
    expect((await progress(id)).state).toBe('failed');
    expect(pageRequests()).toBe(0);

    const resumed = await progress(id, '?resume=true');
    expect(resumed.state).toBe('running');
    expect(resumed.error).toBeNull();
    const done = await pollUntil(id, (a) => a.state === 'done');
    expect(done.images.map((i: { id: number }) => i.id)).toEqual(target.imageIds);
    // Pages read before the failure are not read again.
    const asked = Object.keys(t.replica.counts().targets.pages);
    expect(asked.some((path) => !/[?&]page=\d+/.test(path))).toBe(false);
  }, 120_000);

  it('refuses anonymous callers and bad input without asking the source site', async () => {
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/images/episode/${episodeId(big.id)}/progress`,
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/images/episode/not-a-url/progress?offset=-1`,
      headers: t.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(t.upstreamRequests()).toBe(0);
  });

  it('never keeps a fast-mode estimate as an episode’s image count', async () => {
    const headers = await t.userHeaders('estimate@example.com');
    const url = `${t.replica.pageOrigin}/anime/episodeimages.php?${KEY_IDS.nonContiguousEpisode}`;
    const fast = await t.app.inject({
      method: 'GET',
      url: `/api/images/episode/${encodeURIComponent(url)}/fast`,
      headers,
    });
    expect(fast.json()).toMatchObject({ exact: false });
    // The page records the view of an estimate without ids.
    const view = await t.app.inject({
      method: 'POST',
      url: '/api/images/record-view',
      headers,
      payload: { episode_id: url, image_ids: [] },
    });
    expect(view.statusCode).toBe(204);
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/images/search-based-library/episodes',
      headers,
    });
    const [record] = history.json().episodes;
    expect(record.image_count).not.toBe(fast.json().total);
    expect(record.image_count).toBe(0);
  });

  it('remembers the episode mode each user chose', async () => {
    const url = '/api/images/mode-preference';
    const get = async () => (await t.app.inject({ method: 'GET', url, headers: t.headers })).json();
    expect(await get()).toEqual({ image_mode: null });
    const put = await t.app.inject({
      method: 'PUT',
      url,
      headers: t.headers,
      payload: { image_mode: 'fast' },
    });
    expect(put.json()).toEqual({ image_mode: 'fast' });
    expect(await get()).toEqual({ image_mode: 'fast' });
    const other = await t.userHeaders('mode-other@example.com');
    expect((await t.app.inject({ method: 'GET', url, headers: other })).json()).toEqual({
      image_mode: null,
    });
    const bad = await t.app.inject({
      method: 'PUT',
      url,
      headers: t.headers,
      payload: { image_mode: 'turbo' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe(`background thumbnail prefetch (${databaseKind})`, () => {
  it('fetches a listed episode’s thumbnails for a signed-in user, each once', async () => {
    const app = await startBrowseApp({ THUMBNAIL_PREFETCH: 'true' });
    try {
      const episode = episodeById(KEY_IDS.longShow + 1)!;
      const url = `/api/images/episode/${encodeURIComponent(
        `${app.replica.pageOrigin}/anime/episodeimages.php?${episode.id}`,
      )}`;
      const res = await app.app.inject({ method: 'GET', url, headers: app.headers });
      expect(res.json().total).toBe(episode.imageIds.length);
      const thumbs = () => app.replica.counts().hosts.ant;
      // A deadline, not a speed: the prefetch runs at background priority, behind everything else
      // a loaded machine has (5 s was too short once beside the other tiers).
      for (let i = 0; i < 1200 && thumbs() < episode.imageIds.length; i++) await sleep(25);
      expect(thumbs()).toBe(episode.imageIds.length);
      // A thumbnail the page asks for now is served from the store.
      const image = await app.app.inject({
        method: 'GET',
        url: `/api/images/${episode.imageIds[0]}.jpg?size=thumb&kind=anime`,
        headers: app.headers,
      });
      expect(image.statusCode).toBe(200);
      expect(thumbs()).toBe(episode.imageIds.length);
    } finally {
      await app.close();
    }
  });
});
