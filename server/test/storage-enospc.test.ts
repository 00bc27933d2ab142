import { open, type FileHandle } from 'node:fs/promises';
import os from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';
import { cachedThumbs, imageFiles, THUMBS, thumbUrl, view } from './support/cache';

/** Image writes the "disk" refuses with ENOSPC: the next `failures` of them (Infinity: all). */
const disk = { failures: 0 };

// The image store writes through a file handle's `writev` (images are the only files written
// here): a refused write lands a few bytes first, as a real one on a full disk would.
beforeAll(async () => {
  const probe = await open(os.devNull, 'r');
  const prototype = Object.getPrototypeOf(probe) as FileHandle;
  await probe.close();
  const writev = prototype.writev;
  vi.spyOn(prototype, 'writev').mockImplementation(async function (
    this: FileHandle,
    buffers,
    position,
  ) {
    if (disk.failures <= 0) return writev.call(this, buffers, position);
    disk.failures--;
    await writev.call(this, [Buffer.from('partial')], position);
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  });
});
afterAll(() => vi.restoreAllMocks());

let t: BrowseApp | undefined;
afterEach(async () => {
  disk.failures = 0;
  await t?.close();
  t = undefined;
});

describe(`an image write on a full disk (${databaseKind})`, () => {
  it('evicts the least recently viewed image and writes again', async () => {
    t = await startBrowseApp({ CACHE_MIN_FREE: '0' });
    const cached = THUMBS.slice(0, 3);
    for (const id of cached) expect(await view(t, id)).toBe(200);
    disk.failures = 1;
    expect(await view(t, THUMBS[3]!)).toBe(200);
    // At least the new image's bytes went, least recently viewed first.
    const kept = await cachedThumbs(t, [...cached, THUMBS[3]!]);
    const gone = cached.filter((id) => !kept.includes(id));
    expect(gone.length).toBeGreaterThan(0);
    expect(gone).toEqual(cached.slice(0, gone.length));
    expect(kept).toContain(THUMBS[3]);
    expect(imageFiles(t).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it("never evicts a favourited image (anyone's) to make room, even the least recently viewed", async () => {
    t = await startBrowseApp({ CACHE_MIN_FREE: '0' });
    const cached = THUMBS.slice(0, 3);
    for (const id of cached) expect(await view(t, id)).toBe(200);
    const other = await t.userHeaders('other@example.com');
    const favourite = await t.app.inject({
      method: 'POST',
      url: '/api/favorites/image',
      headers: other,
      payload: { image_id: cached[0], kind: 'anime' },
    });
    expect(favourite.statusCode, favourite.body).toBe(201);
    disk.failures = 1;
    expect(await view(t, THUMBS[3]!)).toBe(200);
    // The favourite was viewed first, so it is first in line; the next one goes in its place.
    const kept = await cachedThumbs(t, [...cached, THUMBS[3]!]);
    expect(kept, 'the favourite').toContain(cached[0]);
    expect(kept, 'the next least recently viewed').not.toContain(cached[1]);
    expect(kept, 'the new image').toContain(THUMBS[3]);
  });

  it('shows an image it cannot store without storing it, answers 507 where the file is needed, and still serves what is cached', async () => {
    t = await startBrowseApp({ CACHE_MIN_FREE: '0' });
    const cached = THUMBS.slice(0, 6);
    for (const id of cached) expect(await view(t, id)).toBe(200);
    disk.failures = Infinity;
    // The page's view gets the picture, straight from the fetch.
    const shown = await t.app.inject({
      method: 'GET',
      url: thumbUrl(THUMBS[6]!),
      headers: t.headers,
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(await cachedThumbs(t, [THUMBS[6]!])).toEqual([]);
    // What needs the file (a download, a hash) is refused with the contract's 507.
    const refusal = await t.services.images.get('anime', THUMBS[7]!, 'thumb').then(
      () => null,
      (error: unknown) => t!.services.mapDomainError(error),
    );
    expect(refusal).toMatchObject({ status: 507, code: 'STORAGE_FULL' });
    expect(refusal!.message).toMatch(/磁盘空间不足/);
    expect(imageFiles(t).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    // The write evicted what it could; what is left is still served.
    const left = await cachedThumbs(t, cached);
    expect(left.length).toBeGreaterThan(0);
    for (const id of left) expect(await view(t, id)).toBe(200);
  });
});
