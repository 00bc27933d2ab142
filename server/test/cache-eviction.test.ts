import { afterEach, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';
import {
  cachedThumbs,
  EPISODE_ID,
  overview,
  pausedTaskNeeding,
  THUMBS,
  view,
} from './support/cache';

const KB = 1024;
let t: BrowseApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Eight thumbnails (about 48 KB) fit under a 50 KB cap; a ninth does not. */
const capped = (more: Record<string, string> = {}, statfs?: Parameters<typeof startBrowseApp>[1]) =>
  startBrowseApp({ CACHE_MAX_SIZE: '50KB', CACHE_MIN_FREE: '0', ...more }, statfs);

describe(`image cache eviction (${databaseKind})`, () => {
  it('evicts the least recently viewed images first once the cap is crossed, and stays under it', async () => {
    t = await capped();
    const first = THUMBS.slice(0, 8);
    for (const id of first) expect(await view(t, id)).toBe(200);
    expect(await cachedThumbs(t, first)).toEqual(first);
    // Views are written down in batches (every 30 s); the next batch is a later view.
    await t.services.views.flush();
    await new Promise((resolve) => setTimeout(resolve, 5));
    // The three oldest are viewed again: now the least recently viewed is the fourth.
    for (const id of first.slice(0, 3)) expect(await view(t, id)).toBe(200);

    expect(await view(t, THUMBS[8]!)).toBe(200);
    const kept = await cachedThumbs(t, THUMBS.slice(0, 9));
    expect(kept).toEqual(expect.arrayContaining([...first.slice(0, 3), THUMBS[8]!]));
    expect(kept).not.toContain(first[3]);
    // Evicted in order: whatever went is a prefix of the order of last views.
    const order = [...first.slice(3), ...first.slice(0, 3)];
    const gone = order.filter((id) => !kept.includes(id));
    expect(gone).toEqual(order.slice(0, gone.length));

    const after = await overview(t);
    expect(after.size_bytes).toBeLessThanOrEqual(50 * KB);
    expect(after).toMatchObject({ max_bytes: 50 * KB, files: kept.length });
    expect(after.evicted_files).toBe(gone.length);

    // An evicted image is simply fetched again when viewed.
    t.replica.resetCounts();
    expect(await view(t, first[3]!)).toBe(200);
    expect(t.upstreamRequests()).toBe(1);
    expect(await cachedThumbs(t, [first[3]!])).toEqual([first[3]]);
  });

  it('writes views down in steps, answering other work between them', async () => {
    t = await capped();
    // Three updates' worth of views (a grid walk of 1,500 images since the last batch).
    for (let id = 1; id <= 1500; id++) t.services.views.viewed('anime', id, 'thumb');
    let answeredMeanwhile = false;
    const flushed = t.services.views.flush().then(() => answeredMeanwhile);
    setImmediate(() => (answeredMeanwhile = true));
    // SQLite runs on this thread: without steps the batch held every request until it was done.
    expect(await flushed).toBe(true);
  });

  it("never evicts a favourited image (anyone's) or one an unfinished task needs, unless the admin asks", async () => {
    t = await capped();
    const first = THUMBS.slice(0, 8);
    for (const id of first) await view(t, id);
    const other = await t.userHeaders('other@example.com');
    const favourite = await t.app.inject({
      method: 'POST',
      url: '/api/favorites/image',
      headers: other,
      payload: { image_id: first[0], kind: 'anime' },
    });
    expect(favourite.statusCode, favourite.body).toBe(201);
    await pausedTaskNeeding(t, [first[1]!]);

    for (const id of THUMBS.slice(8, 14)) expect(await view(t, id)).toBe(200);
    const kept = await cachedThumbs(t, first);
    expect(kept).toEqual(expect.arrayContaining([first[0], first[1]]));
    expect(kept).not.toContain(first[2]);
    expect((await overview(t)).size_bytes).toBeLessThanOrEqual(50 * KB);

    // The admin's eviction now, favourites included: the favourite may go, the task's image not.
    const admin = { authorization: `Bearer ${await t.login()}` };
    const everything = await t.app.inject({
      method: 'POST',
      url: '/api/admin/cache/evict',
      headers: admin,
      payload: { bytes: 1024 * KB, include_favorites: true },
    });
    expect(everything.statusCode, everything.body).toBe(200);
    expect(everything.json().evicted_files).toBeGreaterThan(0);
    expect(everything.json().message).toMatch(/^已淘汰 \d+ 个图片文件/);
    expect(await cachedThumbs(t, THUMBS)).toEqual([first[1]]);
    const user = await t.app.inject({
      method: 'POST',
      url: '/api/admin/cache/evict',
      headers: t.headers,
      payload: {},
    });
    expect(user.statusCode).toBe(403);
  });

  it('evicts when the disk gets short of CACHE_MIN_FREE, without any cap', async () => {
    let free = 10 * 1024 * KB;
    t = await startBrowseApp(
      { CACHE_MIN_FREE: '64KB' },
      { statfs: () => Promise.resolve({ bavail: free / 4096, bsize: 4096, blocks: 1e6 }) },
    );
    const first = THUMBS.slice(0, 6);
    for (const id of first) await view(t, id);
    expect(await cachedThumbs(t, first)).toEqual(first);
    // 8 KB short of the minimum: the next write makes room for itself and the shortfall.
    free = 56 * KB;
    expect(await view(t, THUMBS[6]!)).toBe(200);
    const kept = await cachedThumbs(t, first);
    const gone = first.filter((id) => !kept.includes(id));
    expect(gone.length).toBeGreaterThanOrEqual(2);
    expect(gone).toEqual(first.slice(0, gone.length));
    const seen = await overview(t);
    expect(seen).toMatchObject({ max_bytes: null, min_free_bytes: 64 * KB, free_bytes: 56 * KB });
    expect(seen.evicted_files).toBe(gone.length);
  });

  it('leaves the cache alone when CACHE_MIN_FREE is past what emptying it could free', async () => {
    let free = 8 * 1024 ** 3;
    t = await startBrowseApp(
      { CACHE_MIN_FREE: '2GB' },
      { statfs: () => Promise.resolve({ bavail: free / 4096, bsize: 4096, blocks: 4e6 }) },
    );
    const first = THUMBS.slice(0, 6);
    for (const id of first) expect(await view(t, id)).toBe(200);
    expect(await cachedThumbs(t, first)).toEqual(first);
    // Other files take the disk down to 1 MB free: the whole cache (a few thumbnails) cannot
    // make up 2 GB, so it stays; new images are shown without being stored.
    free = 1024 * 1024;
    await t.services.evictor.beforeWrite(0);
    expect(await cachedThumbs(t, first)).toEqual(first);
    expect(await view(t, THUMBS[6]!)).toBe(200);
    expect(await cachedThumbs(t, [THUMBS[6]!])).toEqual([]);
    expect(await overview(t)).toMatchObject({ evicted_files: 0, min_free_bytes: 2 * 1024 ** 3 });
  });

  it("keeps user A's images when user B clears the episode: B re-reads the listing instead", async () => {
    t = await capped({ CACHE_MAX_SIZE: '10MB' });
    const a = t.headers;
    const b = await t.userHeaders('b@example.com');
    const first = THUMBS.slice(0, 4);
    for (const id of first) await view(t, id, a);
    const episode = encodeURIComponent(
      `${t.replica.pageOrigin}/anime/episodeimages.php?${EPISODE_ID}`,
    );
    for (const url of [
      `/api/images/cache/files?episode_id=${episode}`,
      `/api/images/cache?episode_id=${episode}`,
    ]) {
      const res = await t.app.inject({ method: 'DELETE', url, headers: b });
      expect(res.statusCode, url).toBe(403);
    }
    const reread = await t.app.inject({
      method: 'GET',
      url: `/api/images/episode/${episode}?refresh=true`,
      headers: b,
    });
    expect(reread.statusCode).toBe(200);
    expect(await cachedThumbs(t, first)).toEqual(first);
    t.replica.resetCounts();
    for (const id of first) expect(await view(t, id, a)).toBe(200);
    expect(t.upstreamRequests()).toBe(0);
  });
});
