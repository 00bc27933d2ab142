import { MAX_FAVORITE_IMPORT } from '@capshelf/contract';
import { describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import {
  addAll,
  alice,
  bob,
  call,
  episode,
  EPISODE_URL,
  image,
  MOVIE_URL,
  SHOW_URL,
  stats,
  useFavoritesApp,
  work,
} from './support/favorites';

useFavoritesApp();

describe(`favourites (${databaseKind})`, () => {
  it('refuses URLs that are not the source site or this server, storing nothing', async () => {
    const bad: [string, object][] = [
      ['/work', { ...work, original_url: 'https://evil.example/anime/showimages.php?10435' }],
      ['/work', { ...work, original_url: 'javascript:alert(1)' }],
      [
        '/work',
        { ...work, original_url: 'https://fancaps.net@evil.example/anime/showimages.php?1' },
      ],
      ['/episode', { ...episode, episode_url: 'http://127.0.0.1/anime/episodeimages.php?20001' }],
      ['/episode', { ...episode, episode_url: 'https://fancaps.net/anime/' }],
      ['/episode', { ...episode, preview_images: ['https://evil.example/700001.jpg'] }],
      ['/episode', { ...episode, preview_images: Array(5).fill(episode.preview_images[0]) }],
      ['/episode', { ...episode, work_id: 'https://evil.example/anime/showimages.php?1' }],
      ['/image', { ...image, small_url: 'https://evil.example/api/images/700001.jpg' }],
      ['/image', { ...image, large_url: 'file:///etc/passwd' }],
      ['/image', { ...image, small_url: '/api/images/700002.jpg?kind=anime' }],
      ['/image', { ...image, episode_id: 'not an id' }],
      ['/image', { ...image, image_id: -1 }],
      ['/work', { ...work, title: 'x'.repeat(501) }],
      ['/work', { ...work, title: '   ' }],
    ];
    for (const [url, payload] of bad) {
      const res = await call(alice, 'POST', url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', detail: expect.any(String) });
    }
    expect(await stats(alice)).toEqual({
      total_items: 0,
      total_works: 0,
      total_episodes: 0,
      total_images: 0,
    });
  });

  it('tells whether an item is a favourite, by URL, title or image id', async () => {
    const ids = await addAll(alice);
    const status = async (query: string) => (await call(alice, 'GET', `/status?${query}`)).json();
    const enc = encodeURIComponent;

    expect(await status(`item_type=work&item_id=${enc(SHOW_URL)}`)).toEqual({
      is_favorited: true,
      favorite_id: ids.work,
    });
    expect(await status(`item_type=work&item_id=${enc('non non BIYORI')}`)).toEqual({
      is_favorited: true,
      favorite_id: ids.work,
    });
    expect(
      await status(
        `item_type=episode&item_id=${enc('https://fancaps.net/anime/episodeimages.php?20001')}`,
      ),
    ).toMatchObject({ favorite_id: ids.episode });
    expect(await status('item_type=image&item_id=700001')).toMatchObject({
      favorite_id: ids.image,
    });
    expect(await status('item_type=image&item_id=700001&kind=tv')).toEqual({
      is_favorited: false,
      favorite_id: null,
    });
    expect(await status(`item_type=work&item_id=unknown`)).toEqual({
      is_favorited: false,
      favorite_id: null,
    });
    const bad = await call(
      alice,
      'GET',
      `/status?item_type=episode&item_id=${enc('https://evil.example/x')}`,
    );
    expect(bad.statusCode).toBe(400);
    expect((await call(alice, 'GET', '/status?item_type=show&item_id=1')).statusCode).toBe(400);
  });

  it('deletes a selection in one call', async () => {
    const ids = await addAll(alice);
    await call(alice, 'POST', '/work', {
      title: 'Hanabi',
      work_type: 'Movie',
      original_url: MOVIE_URL,
    });
    const res = await call(alice, 'POST', '/batch/delete', {
      work_ids: [ids.work, ids.work, 999_999],
      episode_ids: [ids.episode],
      image_ids: [],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, deleted: { works: 1, episodes: 1, images: 0 } });
    expect(await stats(alice)).toMatchObject({
      total_works: 1,
      total_episodes: 0,
      total_images: 1,
    });
    const empty = await call(alice, 'POST', '/batch/delete', {});
    expect(empty.json().deleted).toEqual({ works: 0, episodes: 0, images: 0 });
  });

  it('exports and imports into another user, idempotently', async () => {
    await addAll(alice);
    await call(alice, 'POST', '/work', { title: 'Mr. Robot / Season 1', work_type: 'TV' });
    await call(alice, 'POST', '/episode', { title: 'Hanabi', episode_url: MOVIE_URL });
    const exported = await call(alice, 'GET', '/export');
    expect(exported.statusCode).toBe(200);
    const file = exported.json();
    expect(file).toMatchObject({
      success: true,
      data: { version: 1, exported_at: expect.any(String) },
    });
    expect(file.data.works).toHaveLength(2);

    const first = await call(bob, 'POST', '/import', file.data);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      imported: { works: 2, episodes: 2, images: 1 },
      skipped: { works: 0, episodes: 0, images: 0 },
    });
    expect(await stats(bob)).toEqual(await stats(alice));

    // The saved file as a whole (the full answer) is accepted too; nothing changes the second time.
    const second = await call(bob, 'POST', '/import', file);
    expect(second.json()).toEqual({
      success: true,
      imported: { works: 0, episodes: 0, images: 0 },
      skipped: { works: 2, episodes: 2, images: 1 },
    });
    const strip = (lists: Record<string, { id: number }[]>) =>
      Object.fromEntries(
        Object.entries(lists).map(([k, items]) => [k, items.map(({ id: _, ...rest }) => rest)]),
      );
    const bobs = (await call(bob, 'GET', '/')).json().data;
    const alices = (await call(alice, 'GET', '/')).json().data;
    expect(strip(bobs)).toEqual(strip(alices));
    expect((await stats(alice)).total_items).toBe(5);
  });

  it('imports all or nothing and refuses bad or oversized files', async () => {
    const data = (await (async () => {
      await addAll(alice);
      return (await call(alice, 'GET', '/export')).json().data;
    })()) as { images: object[] };
    const tainted = {
      ...data,
      images: [...data.images, { image_id: 5, small_url: 'https://evil.example/5.jpg' }],
    };
    const res = await call(bob, 'POST', '/import', tainted);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(res.json().detail).toMatch(/^images\.1\.small_url/);
    expect((await stats(bob)).total_items).toBe(0);

    const tooMany = {
      version: 1,
      works: [],
      episodes: [],
      images: Array.from({ length: MAX_FAVORITE_IMPORT + 1 }, (_, i) => ({ image_id: i + 1 })),
    };
    expect((await call(bob, 'POST', '/import', tooMany)).statusCode).toBe(400);
    expect((await call(bob, 'POST', '/import', { ...data, version: 2 })).statusCode).toBe(400);
    expect((await stats(bob)).total_items).toBe(0);
  });

  it("keeps every call to the caller's own favourites", async () => {
    const ids = await addAll(alice);
    const before = await stats(alice);

    // Lists, stats, export and status show only your own.
    expect((await call(bob, 'GET', '/')).json().data).toEqual({
      works: [],
      episodes: [],
      images: [],
    });
    expect((await stats(bob)).total_items).toBe(0);
    const bobExport = (await call(bob, 'GET', '/export')).json().data;
    expect([bobExport.works, bobExport.episodes, bobExport.images]).toEqual([[], [], []]);
    for (const query of [
      `item_type=work&item_id=${encodeURIComponent(SHOW_URL)}`,
      `item_type=episode&item_id=${encodeURIComponent(EPISODE_URL)}`,
      'item_type=image&item_id=700001',
    ]) {
      expect((await call(bob, 'GET', `/status?${query}`)).json()).toEqual({
        is_favorited: false,
        favorite_id: null,
      });
    }

    // Another user's favourite id is unknown to you; a batch silently skips it.
    for (const type of ['work', 'episode', 'image'] as const) {
      const res = await call(bob, 'DELETE', `/${type}/${ids[type]}`);
      expect(res.statusCode).toBe(404);
    }
    const batch = await call(bob, 'POST', '/batch/delete', {
      work_ids: [ids.work],
      episode_ids: [ids.episode],
      image_ids: [ids.image],
    });
    expect(batch.json().deleted).toEqual({ works: 0, episodes: 0, images: 0 });
    expect(await stats(alice)).toEqual(before);

    // The same items are separate records per user; imports write to the caller only.
    const bobIds = await addAll(bob);
    expect(bobIds.work).not.toBe(ids.work);
    const file = (await call(alice, 'GET', '/export')).json();
    const imported = await call(bob, 'POST', '/import', file);
    expect(imported.json().skipped).toEqual({ works: 1, episodes: 1, images: 1 });
    expect(await stats(alice)).toEqual(before);
    expect((await call(alice, 'DELETE', `/work/${bobIds.work}`)).statusCode).toBe(404);
  });
});
