import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';
import { cachedThumbs, imageFiles, THUMBS, thumbUrl, view } from './support/cache';

const KB = 1024;
const MB = 1024 * KB;

let t: BrowseApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe(`CACHE_MIN_FREE as a floor for image writes (${databaseKind})`, () => {
  it('refuses a write that would go below it once eviction can free nothing: the image is shown, nothing of it kept', async () => {
    // A disk only the cache uses: its free space is the room left minus the cache's bytes.
    let room = MB + 100 * KB;
    const statfs = async () => {
      const bytes = t ? (await t.services.evictor.totals()).bytes : 0;
      return { bavail: Math.max(0, room - bytes), bsize: 1, blocks: 1e9 };
    };
    t = await startBrowseApp({ CACHE_MIN_FREE: '1MB' }, { statfs });
    const first = THUMBS.slice(0, 4);
    for (const id of first) expect(await view(t, id)).toBe(200);
    expect(await cachedThumbs(t, first)).toEqual(first);
    // All of them favourites (pinned): eviction can make no room.
    for (const id of first) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/favorites/image',
        headers: t.headers,
        payload: { image_id: id, kind: 'anime' },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const { bytes } = await t.services.evictor.totals();
    room = MB + bytes + 3 * KB; // 3 KB above the floor: no thumbnail fits
    const files = imageFiles(t).length;

    t.replica.resetCounts();
    const shown = await t.app.inject({
      method: 'GET',
      url: thumbUrl(THUMBS[4]!),
      headers: t.headers,
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/jpeg');
    expect(shown.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(Number(shown.headers['content-length'])).toBe(shown.rawPayload.length);
    expect(t.upstreamRequests()).toBe(1);
    // Nothing of it was kept: no file, no row, no temporary; the pinned ones are all there.
    expect(await cachedThumbs(t, [THUMBS[4]!])).toEqual([]);
    expect(imageFiles(t)).toHaveLength(files);
    expect(await cachedThumbs(t, first)).toEqual(first);
    expect((await t.services.evictor.totals()).bytes).toBe(bytes);
    // Each view asks the source again while there is no room.
    expect(await view(t, THUMBS[4]!)).toBe(200);
    expect(t.upstreamRequests()).toBe(2);
    // What needs the file (a download task, a hash) is refused with the contract's 507.
    const refusal = await t.services.images.get('anime', THUMBS[5]!, 'thumb').then(
      () => null,
      (error: unknown) => t!.services.mapDomainError(error),
    );
    expect(refusal).toMatchObject({ status: 507, code: 'STORAGE_FULL' });
    expect(refusal!.message).toMatch(/磁盘空间不足/);

    // Room again: the next image is stored.
    room = MB + bytes + 100 * KB;
    expect(await view(t, THUMBS[6]!)).toBe(200);
    expect(await cachedThumbs(t, [THUMBS[6]!])).toEqual([THUMBS[6]]);
  });

  it('warns once, at start, when CACHE_MIN_FREE is larger than the whole disk', async () => {
    const lines: string[] = [];
    const logger = createLogger('warn', { write: (line: string) => void lines.push(line) });
    const statfs = () => Promise.resolve({ bavail: 512 * MB, bsize: 1, blocks: 1024 * MB });
    t = await startBrowseApp({ CACHE_MIN_FREE: '2GB' }, { statfs, logger });
    const told = () => lines.filter((line) => line.includes('CACHE_MIN_FREE'));
    await expect.poll(told).toHaveLength(1);
    expect(told()[0]).toMatch(/larger than the whole disk/);
    expect(JSON.parse(told()[0]!)).toMatchObject({
      minFreeBytes: 2 * 1024 * MB,
      diskBytes: 1024 * MB,
    });
    // Images are shown all the same, and later checks say nothing more.
    expect(await view(t, THUMBS[0]!)).toBe(200);
    await t.services.evictor.beforeWrite(0);
    await t.services.evictor.beforeWrite(0);
    expect(told()).toHaveLength(1);
  });
});
