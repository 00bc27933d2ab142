import { afterEach, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';
import { cachedThumbs, THUMBS, view } from './support/cache';

let t: BrowseApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const favourite = async (app: BrowseApp, headers: { authorization: string }, id: number) => {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/favorites/image',
    headers,
    payload: { image_id: id, kind: 'anime' },
  });
  expect(res.statusCode, res.body).toBe(201);
};

describe(`favourite pins per user (${databaseKind})`, () => {
  it("pins each user's newest favourites up to FAVORITE_PIN_MAX; past it the oldest are evicted, and stay favourites", async () => {
    // Thumbnails are about 6 KB: three or so fit under 20 KB.
    t = await startBrowseApp({ CACHE_MIN_FREE: '0', FAVORITE_PIN_MAX: '20KB' });
    const alice = await t.userHeaders('alice@example.com');
    const bob = await t.userHeaders('bob@example.com');
    const bobs = THUMBS.slice(0, 2);
    const alices = THUMBS.slice(2, 10);
    const nobodys = THUMBS.slice(10, 12);
    // Bob's are viewed first: the least recently viewed of all, first in line for eviction.
    for (const id of [...bobs, ...alices, ...nobodys]) expect(await view(t, id)).toBe(200);
    for (const id of bobs) await favourite(t, bob, id);
    for (const id of alices) await favourite(t, alice, id); // oldest first

    // What alice's cap keeps: her newest favourites while their files add up to 20 KB.
    const bytes = new Map(
      (await t.services.imageRecords.stored('anime', 'thumb', alices)).map((r) => [r.id, r.bytes]),
    );
    const pinned: number[] = [];
    let sum = 0;
    for (const id of [...alices].reverse()) {
      sum += bytes.get(id)!;
      if (sum > 20 * 1024) break;
      pinned.unshift(id);
    }
    expect(pinned.length).toBeGreaterThan(0);
    expect(pinned.length).toBeLessThan(alices.length);

    // A squeeze: the admin evicts all that may go (favourites' pins kept).
    const admin = { authorization: `Bearer ${await t.login()}` };
    const squeeze = await t.app.inject({
      method: 'POST',
      url: '/api/admin/cache/evict',
      headers: admin,
      payload: { bytes: 10 * 1024 * 1024, include_favorites: false },
    });
    expect(squeeze.statusCode, squeeze.body).toBe(200);
    expect(await cachedThumbs(t, THUMBS)).toEqual([...bobs, ...pinned]);

    // Alice's favourites are all still hers, evicted files or not.
    const listed = await t.app.inject({ method: 'GET', url: '/api/favorites', headers: alice });
    const { images } = listed.json<{ data: { images: { image_id: number }[] } }>().data;
    expect(images.map((i) => i.image_id).sort()).toEqual([...alices].sort());

    // An evicted favourite is fetched again when viewed, and counts against her cap again: it is
    // among her oldest, so it is what goes first next time.
    const oldest = alices[0]!;
    expect(await view(t, oldest, alice)).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/cache/evict',
      headers: admin,
      payload: { bytes: 10 * 1024 * 1024, include_favorites: false },
    });
    expect(again.json().evicted_files).toBe(1);
    expect(await cachedThumbs(t, THUMBS)).toEqual([...bobs, ...pinned]);
  });
});
