// A user's views of images the cache does not hold spend the source's requests: past their
// budget the answer is 429 (nothing sent to the source); cached images, other users and download
// tasks go on.
import { KEY_IDS, episodeById } from '@capshelf/replica';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';
import { createTask, waitForEnd } from './support/downloads';

const ids = episodeById(KEY_IDS.bigEpisode)!.imageIds;
const thumb = (id: number) => `/api/images/${id}.jpg?kind=anime&size=thumb`;

let t: BrowseApp;
beforeAll(async () => {
  t = await startBrowseApp({ USER_UNCACHED_IMAGES: '3', USER_UPSTREAM_WINDOW: '10m' });
});
afterAll(async () => {
  await t.close();
});

describe(`the per-user budget of uncached images (${databaseKind})`, () => {
  it('answers 429 past a user’s uncached images; cached ones, other users and tasks go on', async () => {
    const view = (id: number, headers = t.headers) =>
      t.app.inject({ method: 'GET', url: thumb(id), headers });
    for (const id of ids.slice(0, 3)) expect((await view(id)).statusCode).toBe(200);
    t.replica.resetCounts();
    // Ids the site may not even have: the fourth uncached one is refused before any request.
    const refused = await view(7_300_000);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', limit: 'image' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().detail).toMatch(/读取未缓存的图片过于频繁/);
    expect(t.upstreamRequests()).toBe(0);
    // What the cache holds is free.
    expect((await view(ids[0]!)).statusCode).toBe(200);
    // Another user has a budget of their own.
    const other = await t.userHeaders('budget-other@example.com');
    expect((await view(ids[10]!, other)).statusCode).toBe(200);
    // The user's download task has its own pacing and turns, and is not counted.
    const created = await createTask(t, {
      image_urls: ids.slice(20, 26).map((id) => `/api/images/${id}.jpg?kind=anime&size=large`),
    });
    expect(created.statusCode).toBe(202);
    expect(await waitForEnd(t, created.json().download_id)).toMatchObject({
      status: 'completed',
      done_count: 6,
    });
  });
});
