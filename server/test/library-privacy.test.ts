import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import {
  admin,
  api,
  EP1,
  EP2,
  episodeUrl,
  everyone,
  get,
  getAll,
  LOOSE_ID,
  MOVIE,
  movieUrl,
  other,
  pause,
  SHOW,
  t,
  TOTAL,
  type LibraryImage,
  useLibraryApp,
} from './support/library';

useLibraryApp();

type Headers = { authorization: string };
interface Local {
  images: LibraryImage[];
  total: number;
}
interface Categorized {
  categories: { category: string; episodes: { episode_id: number | null }[] }[];
  total_categories: number;
  total_images: number;
}
interface Stats {
  total_images: number;
  size_bytes: number;
  size_human: string;
}
interface History {
  episodes: { history_id: number; episode_id: number }[];
}

/** What the images page reports when a user opens an episode's (a movie's) grid. */
const open = async (url: string, headers: Headers) => {
  const params = new URLSearchParams({ episode_id: url });
  const res = await api('POST', `/api/images/record-episode-access?${params}`, headers);
  expect(res.statusCode).toBe(204);
  await pause();
};
const ids = (body: Local) => body.images.map((i) => `${i.kind}:${i.id}`).sort();
const keys = (kind: string, list: readonly number[]) => list.map((id) => `${kind}:${id}`);
const episodePath = (kind: string, work: number, episode: number) =>
  `/api/images/local-library/category/${kind}:${work}/episode/${episode}`;
const ep1Cached = keys('anime', EP1.imageIds.slice(0, 3));
const ep2Cached = keys('anime', EP2.imageIds.slice(0, 2));
const movieCached = keys('movie', MOVIE.imageIds.slice(4, 6));

describe(`each user's own libraries (${databaseKind})`, () => {
  let a: Headers;
  let b: Headers;
  let newcomer: Headers;

  beforeAll(async () => {
    // Every image was cached in the set-up by a user who opened no grid; A and B now open some.
    a = t.headers;
    b = other;
    newcomer = await t.userHeaders('newcomer@example.com');
    await open(episodeUrl(EP1.id), a);
    await open(movieUrl(MOVIE.id), a);
    await open(episodeUrl(EP2.id), b);
  });

  it('lists in the local library only the cached images of what this user opened', async () => {
    expect(ids(await get<Local>('/api/images/local-library', a))).toEqual(
      [...ep1Cached, ...movieCached].sort(),
    );
    const theirs = await get<Local>('/api/images/local-library?limit=1', b);
    expect(theirs.total).toBe(2);
    expect(ids(await get<Local>('/api/images/local-library', b))).toEqual(ep2Cached.sort());
    for (const key of ['id', 'date', 'size']) {
      const asc = await get<Local>(`/api/images/local-library?sort_by=${key}_asc`, a);
      const desc = await get<Local>(`/api/images/local-library?sort_by=${key}_desc`, a);
      expect(desc.images, key).toEqual([...asc.images].reverse());
      const page = await get<Local>(`/api/images/local-library?sort_by=${key}_asc&limit=2`, a);
      expect(page.total, key).toBe(5);
      expect(page.images, key).toEqual(asc.images.slice(0, 2));
    }
    expect(await get('/api/images/local-library', newcomer)).toEqual({
      images: [],
      total: 0,
      page: 1,
      limit: 50,
    });
  });

  it('groups the categorized library from this user’s episodes only', async () => {
    const mine = await get<Categorized>('/api/images/local-library-categorized', a);
    expect(mine).toMatchObject({ total_categories: 2, total_images: 5 });
    expect(mine.categories.map((c) => c.category)).toEqual([
      `movie:${MOVIE.id}`,
      `anime:${SHOW.id}`,
    ]);
    expect(mine.categories[1]!.episodes.map((e) => e.episode_id)).toEqual([EP1.id]);
    const theirs = await get<Categorized>('/api/images/local-library-categorized', b);
    expect(theirs).toMatchObject({ total_categories: 1, total_images: 2 });
    expect(theirs.categories[0]!.episodes.map((e) => e.episode_id)).toEqual([EP2.id]);
    expect(await get('/api/images/local-library-categorized', newcomer)).toMatchObject({
      categories: [],
      total_categories: 0,
      total_images: 0,
    });
  });

  it("answers another user's episode, and the uncategorized group, with 404", async () => {
    expect((await get<Local>(episodePath('anime', SHOW.id, EP1.id), a)).total).toBe(3);
    for (const [path, headers] of [
      [episodePath('anime', SHOW.id, EP1.id), b],
      [episodePath('movie', MOVIE.id, MOVIE.id), b],
      [episodePath('anime', SHOW.id, EP2.id), newcomer],
      ['/api/images/local-library/category/uncategorized/episode/all', a],
    ] as const) {
      const res = await api('GET', path, headers);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it("gives the home page this user's totals, and the admin's 全部用户 the whole cache", async () => {
    const mine = await get<Stats>('/api/images/local-library/stats', a);
    const local = await get<Local>('/api/images/local-library', a);
    expect(mine.total_images).toBe(5);
    expect(mine.size_bytes).toBeGreaterThanOrEqual(local.images.reduce((s, i) => s + i.size, 0));
    expect((await get<Stats>('/api/images/local-library/stats', b)).total_images).toBe(2);
    expect(await get('/api/images/local-library/stats', newcomer)).toEqual({
      total_images: 0,
      size_bytes: 0,
      size_human: '0 B',
    });
    const all = await getAll<Stats>('/api/images/local-library/stats');
    expect(all).toEqual(await get('/api/images/cache-stats'));
    expect(all.total_images).toBe(TOTAL);
    // An admin's own view is their own too: they opened nothing.
    expect((await get<Stats>('/api/images/local-library/stats', admin)).total_images).toBe(0);
    expect((await getAll<Local>('/api/images/local-library')).total).toBe(TOTAL);
    const res = await api('GET', everyone('/api/images/local-library/stats'), a);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', detail: expect.any(String) });
  });

  it('shares the files: a second user opening the same episode costs no fetch', async () => {
    const before = t.upstreamRequests();
    await open(episodeUrl(EP1.id), b);
    const image = await api('GET', `/api/images/${EP1.imageIds[0]}.jpg?kind=anime&size=thumb`, b);
    expect(image.statusCode).toBe(200);
    expect(t.upstreamRequests()).toBe(before);
    expect(ids(await get<Local>('/api/images/local-library', b))).toEqual(
      [...ep1Cached, ...ep2Cached].sort(),
    );
  });

  it("lets nobody remove another user's entry; removing one's own leaves the files", async () => {
    const history = await get<History>('/api/images/search-based-library/episodes', a);
    const ep1 = history.episodes.find((e) => e.episode_id === EP1.id)!;
    const refused = await api(
      'DELETE',
      `/api/images/search-based-library/episode/${ep1.history_id}`,
      b,
    );
    expect(refused.statusCode).toBe(404);
    expect((await get<Local>('/api/images/local-library', a)).total).toBe(5);

    const removed = await api(
      'DELETE',
      `/api/images/search-based-library/episode/${ep1.history_id}`,
      a,
    );
    expect(removed.statusCode).toBe(200);
    expect(ids(await get<Local>('/api/images/local-library', a))).toEqual(movieCached.sort());
    // B's library and the shared files are as they were.
    expect((await get<Local>('/api/images/local-library', b)).total).toBe(5);
    expect((await getAll<Local>('/api/images/local-library')).total).toBe(TOTAL);
    expect(ids(await getAll<Local>('/api/images/local-library'))).toContain(`tv:${LOOSE_ID}`);
  });
});
