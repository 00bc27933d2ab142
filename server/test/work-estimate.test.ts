import { renderImage, showById } from '@capshelf/replica';
import type { WorkDownloadEstimate } from '@capshelf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';
import { waitForEnd } from './support/downloads';

let t: BrowseApp;
beforeAll(async () => {
  // Originals a second apart, so the estimate's time is easy to check; thumbnails at once.
  t = await startBrowseApp({ UPSTREAM_FULL_SPACING: '1s', WORK_JOBS_PER_USER: '1' });
});
afterAll(async () => {
  await t.close();
});

const robot = showById(10700)!;
const [first, second] = robot.episodes;
const workUrl = () => t.services.builders.workUrl({ type: 'work', kind: 'anime', id: robot.id });
const post = (url: string, payload: object, headers = t.headers) =>
  t.app.inject({ method: 'POST', url, payload, headers });

async function estimate(size: string, headers = t.headers): Promise<WorkDownloadEstimate> {
  const res = await post('/api/download/work/estimate', { work_url: workUrl(), size }, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe(`whole-work estimate (${databaseKind})`, () => {
  it('reads no episode listing: unknown counts say so, and asking again costs no request', async () => {
    const blank = await estimate('original');
    expect(blank).toMatchObject({
      size: 'original',
      episodes: 2,
      episodes_known: 0,
      images: null,
      approximate: true,
      bytes: null,
      seconds: null,
      limit_reached: null,
    });
    t.replica.resetCounts();
    await estimate('thumb');
    expect(t.upstreamRequests()).toBe(0);
  });

  it('scales from the episodes read, marked approximate, at the configured pace', async () => {
    const url = t.services.builders.episodePageUrl({
      type: 'episode',
      kind: 'anime',
      id: first!.id,
    });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/images/episode/${encodeURIComponent(url)}`,
      headers: t.headers,
    });
    expect(listed.statusCode).toBe(200);
    const scaled = await estimate('original');
    const count = first!.imageIds.length;
    expect(scaled).toMatchObject({ episodes_known: 1, images: count * 2, approximate: true });
    expect(scaled.cached_images).toBe(0);
    // Each original a second apart, plus the unread episode's listing pages.
    expect(scaled.seconds).toBeGreaterThanOrEqual(count * 2);
    expect(scaled.seconds).toBeLessThan(count * 2 + 60);
  });

  it('is exact once every listing is read, with the cache measured', async () => {
    const job = await post('/api/download/work', { work_url: workUrl(), size: 'thumb' });
    expect(job.statusCode, job.body).toBe(202);
    expect((await waitForEnd(t, job.json().download_id)).status).toBe('completed');
    const ids = [...first!.imageIds, ...second!.imageIds];
    const bytes = (await Promise.all(ids.map((id) => renderImage('anime', id, 'thumb')))).reduce(
      (sum, image) => sum + image.length,
      0,
    );
    expect(await estimate('thumb')).toMatchObject({
      episodes_known: 2,
      images: ids.length,
      approximate: false,
      cached_images: ids.length,
      bytes,
      seconds: 0,
    });
    // Nothing of the originals is cached: a second each.
    expect(await estimate('large')).toMatchObject({
      size: 'original',
      images: ids.length,
      cached_images: 0,
      seconds: ids.length,
    });
  });

  it("says one user's job limit up front, and not to another user", async () => {
    const bob = await t.userHeaders('bob@example.com');
    t.replica.setFault('cdni', { type: 'slow', delayMs: 5_000 });
    try {
      const job = await post('/api/download/work', { work_url: workUrl(), size: 'original' });
      expect(job.statusCode, job.body).toBe(202);
      expect((await estimate('original')).limit_reached).toEqual({ kind: 'work', max: 1 });
      expect((await estimate('original', bob)).limit_reached).toBeNull();
      // The same limit the job itself answers.
      const second = await post('/api/download/work', { work_url: workUrl(), size: 'thumb' });
      expect(second.statusCode).toBe(429);
      await post(`/api/download/${job.json().download_id}/cancel`, {});
      expect((await estimate('original')).limit_reached).toBeNull();
    } finally {
      t.replica.clearFaults();
    }
  });
});
