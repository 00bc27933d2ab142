import { KEY_IDS, showById } from '@capshelf/replica';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import {
  api,
  EP1,
  EP2,
  episodeUrl,
  get,
  LOOSE_ID,
  MOVIE,
  movieUrl,
  other,
  pause,
  SHOW,
  t,
  useLibraryApp,
} from './support/library';

useLibraryApp();

type Headers = { authorization: string };
interface Stats {
  total_images: number;
  size_bytes: number;
}
interface Categorized {
  categories: { category: string; total_images: number; episodes: { image_count: number }[] }[];
  total_images: number;
}

const LOOSE_EPISODE = showById(KEY_IDS.tvSeason1)!.episodes[0]!;
const looseUrl = () => `${t.replica.pageOrigin}/tv/episodeimages.php?${LOOSE_EPISODE.id}`;

const open = async (url: string, headers: Headers) => {
  const params = new URLSearchParams({ episode_id: url });
  const res = await api('POST', `/api/images/record-episode-access?${params}`, headers);
  expect(res.statusCode).toBe(204);
  await pause();
};
const fetchImage = async (kind: string, id: number, size: 'thumb' | 'large' = 'thumb') => {
  const res = await api('GET', `/api/images/${id}.jpg?kind=${kind}&size=${size}`);
  expect(res.statusCode).toBe(200);
  await pause();
};

/** The running per-episode totals, and the same counted again from the rows they stand for. */
async function kept() {
  const db = t.services.db.kysely;
  const rows = await db
    .selectFrom('library_episodes')
    .select(['kind', 'episode', 'work_id', 'images', 'bytes', 'last_cached'])
    .orderBy('kind')
    .orderBy('episode')
    .execute();
  const recount = await sql<(typeof rows)[0]>`
    select ii.kind, case when ii.kind = 'movie' then ii.work_id else ii.episode_id end as episode,
      ii.work_id, count(distinct ii.id) as images, sum(c.bytes) as bytes,
      max(c.cached_at) as last_cached
    from image_index ii join cached_images c on c.kind = ii.kind and c.id = ii.id
    group by ii.kind, case when ii.kind = 'movie' then ii.work_id else ii.episode_id end, ii.work_id
    order by 1, 2`.execute(db);
  const plain = (list: typeof rows) =>
    list.map((r) => ({
      ...r,
      episode: Number(r.episode),
      work_id: Number(r.work_id),
      images: Number(r.images),
      bytes: Number(r.bytes),
    }));
  return { rows: plain(rows), recount: plain(recount.rows) };
}

/** A user's home totals, and the same counted from their history and the cache's rows. */
async function totalsOf(headers: Headers, userId: number) {
  const stats = await get<Stats>('/api/images/local-library/stats', headers);
  const counted = await sql<{ n: number; bytes: number | null }>`
    select count(distinct c.kind || ':' || c.id) as n, sum(c.bytes) as bytes
    from history h
    join image_index ii on ii.kind = h.kind
      and (ii.episode_id = h.episode_id or (ii.kind = 'movie' and ii.work_id = h.episode_id))
    join cached_images c on c.kind = ii.kind and c.id = ii.id
    where h.user_id = ${userId}`.execute(t.services.db.kysely);
  const row = counted.rows[0]!;
  return {
    shown: { images: stats.total_images, bytes: stats.size_bytes },
    counted: { images: Number(row.n), bytes: Number(row.bytes ?? 0) },
  };
}

async function expectRight(
  a: { headers: Headers; id: number },
  b: { headers: Headers; id: number },
) {
  const { rows, recount } = await kept();
  expect(rows).toEqual(recount);
  for (const user of [a, b]) {
    const { shown, counted } = await totalsOf(user.headers, user.id);
    expect(shown).toEqual(counted);
  }
}

describe(`running per-episode totals of each user's library (${databaseKind})`, () => {
  const a = { headers: {} as Headers, id: 0 };
  const b = { headers: {} as Headers, id: 0 };

  beforeAll(async () => {
    a.headers = t.headers;
    b.headers = other;
    const ids = await t.services.db.kysely
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', 'in', ['browser@example.com', 'other@example.com'])
      .execute();
    a.id = ids.find((u) => u.email === 'browser@example.com')!.id;
    b.id = ids.find((u) => u.email === 'other@example.com')!.id;
    await open(episodeUrl(EP1.id), a.headers);
    await open(movieUrl(MOVIE.id), a.headers);
    await open(episodeUrl(EP2.id), b.headers);
  });

  it('keeps two users apart and equal to a recount after files, eviction, visits and deletes', async () => {
    await expectRight(a, b);
    expect((await totalsOf(a.headers, a.id)).shown.images).toBe(5);
    expect((await totalsOf(b.headers, b.id)).shown.images).toBe(2);

    // A file written: B's episode gains an image, A's library does not change.
    await fetchImage('anime', EP2.imageIds[2]!);
    await expectRight(a, b);
    expect((await totalsOf(a.headers, a.id)).shown.images).toBe(5);
    expect((await totalsOf(b.headers, b.id)).shown.images).toBe(3);

    // Eviction of one of two files of an image (same image count, fewer bytes), then of an
    // image's only file (one image fewer), as the cache cap evicts them.
    const records = t.services.imageRecords;
    const before = await totalsOf(a.headers, a.id);
    const files = await t.services.db.kysely
      .selectFrom('cached_images')
      .select(['kind', 'id', 'size', 'cached_at'])
      .where('kind', '=', 'anime')
      .where('id', 'in', [EP1.imageIds[0]!, EP1.imageIds[2]!])
      .execute();
    const large = files.find((f) => f.id === EP1.imageIds[0] && f.size === 'large')!;
    await records.delete('anime', large.id, {
      size: 'large',
      cachedAt: large.cached_at,
      evicted: true,
    });
    const afterLarge = await totalsOf(a.headers, a.id);
    expect(afterLarge.shown.images).toBe(5);
    expect(afterLarge.shown.bytes).toBeLessThan(before.shown.bytes);
    const only = files.find((f) => f.id === EP1.imageIds[2])!;
    await records.delete('anime', only.id, {
      size: only.size,
      cachedAt: only.cached_at,
      evicted: true,
    });
    await expectRight(a, b);
    expect((await totalsOf(a.headers, a.id)).shown.images).toBe(4);

    // A new visit: B opens EP1 and now holds its two cached images too; A is as before.
    await open(episodeUrl(EP1.id), b.headers);
    await expectRight(a, b);
    expect((await totalsOf(b.headers, b.id)).shown.images).toBe(5);
    expect((await totalsOf(a.headers, a.id)).shown.images).toBe(4);

    // An image cached before any listing named it joins its episode once the listing is read.
    await get(`/api/images/episode/${encodeURIComponent(looseUrl())}`, a.headers);
    await open(looseUrl(), a.headers);
    await expectRight(a, b);
    expect((await totalsOf(a.headers, a.id)).shown.images).toBe(5);
    expect(LOOSE_EPISODE.imageIds).toContain(LOOSE_ID);

    // Deletes: A's movie entry (the files stay: B sees nothing of it), then every file of an image.
    const history = await get<{ episodes: { history_id: number; episode_id: number }[] }>(
      '/api/images/search-based-library/episodes',
      a.headers,
    );
    const movie = history.episodes.find((e) => e.episode_id === MOVIE.id)!;
    const removed = await api(
      'DELETE',
      `/api/images/search-based-library/episode/${movie.history_id}`,
      a.headers,
    );
    expect(removed.statusCode).toBe(200);
    await records.delete('anime', EP2.imageIds[0]!);
    await expectRight(a, b);
    expect((await totalsOf(a.headers, a.id)).shown.images).toBe(3);
    expect((await totalsOf(b.headers, b.id)).shown.images).toBe(4);

    // The categorized library reads the same totals, per work and per episode.
    const mine = await get<Categorized>('/api/images/local-library-categorized', b.headers);
    expect(mine.total_images).toBe(4);
    const show = mine.categories.find((c) => c.category === `anime:${SHOW.id}`)!;
    expect(show.total_images).toBe(4);
    expect(show.episodes.map((e) => e.image_count).sort()).toEqual([2, 2]);
  });
});
