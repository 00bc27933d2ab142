import { describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import {
  api,
  EP1,
  episodeTitles,
  get,
  getAll,
  LOOSE_ID,
  MOVIE,
  other,
  SHOW,
  TOTAL,
  type LibraryImage,
  useLibraryApp,
} from './support/library';

useLibraryApp();

describe(`local library (${databaseKind})`, () => {
  it('lists every cached image once with its titles to an admin asking for 全部用户', async () => {
    const body = await getAll<{
      images: LibraryImage[];
      total: number;
      page: number;
      limit: number;
    }>('/api/images/local-library');
    expect(body).toMatchObject({ total: TOTAL, page: 1, limit: 50 });
    expect(body.images).toHaveLength(TOTAL);
    const stats = await get<{ total_images: number }>('/api/images/cache-stats');
    expect(stats.total_images).toBe(TOTAL);

    const byId = new Map(body.images.map((i) => [i.id, i]));
    expect(byId.get(EP1.imageIds[0]!)).toMatchObject({
      kind: 'anime',
      work_title: SHOW.title,
      episode_title: episodeTitles.get(EP1.id),
      thumb_url: `/api/images/${EP1.imageIds[0]}.jpg?kind=anime&size=thumb`,
    });
    expect(byId.get(MOVIE.imageIds[5]!)).toMatchObject({
      kind: 'movie',
      work_title: MOVIE.title,
      episode_title: MOVIE.title,
    });
    expect(byId.get(LOOSE_ID)).toMatchObject({ kind: 'tv', work_title: null, episode_title: null });
    // Two files (thumb and large): the size is the largest, the time the newest.
    const both = byId.get(EP1.imageIds[0]!)!;
    const thumbOnly = byId.get(EP1.imageIds[1]!)!;
    expect(both.size).toBeGreaterThan(thumbOnly.size);
    expect(both.cached_at > thumbOnly.cached_at).toBe(true);

    // A user who opened nothing has an empty library of their own over the same cache.
    const own = await get<{ images: LibraryImage[]; total: number }>(
      '/api/images/local-library',
      other,
    );
    expect(own).toEqual({ images: [], total: 0, page: 1, limit: 50 });
  });

  const KEYS = {
    id: (i: LibraryImage) => i.id,
    date: (i: LibraryImage) => i.cached_at,
    size: (i: LibraryImage) => i.size,
  };
  it.each(Object.keys(KEYS) as (keyof typeof KEYS)[])('sorts by %s both ways', async (key) => {
    const asc = (
      await getAll<{ images: LibraryImage[] }>(`/api/images/local-library?sort_by=${key}_asc`)
    ).images;
    const desc = (
      await getAll<{ images: LibraryImage[] }>(`/api/images/local-library?sort_by=${key}_desc`)
    ).images;
    expect(asc).toHaveLength(TOTAL);
    const sortKey = KEYS[key];
    const compare = (a: LibraryImage, b: LibraryImage) => {
      const [x, y] = [sortKey(a), sortKey(b)];
      if (x !== y) return x < y ? -1 : 1;
      return a.id !== b.id ? a.id - b.id : a.kind.localeCompare(b.kind);
    };
    expect(asc).toEqual([...asc].sort(compare));
    expect(desc).toEqual([...asc].reverse());
  });

  it('defaults to the newest first and pages without gaps or repeats', async () => {
    const all = (
      await getAll<{ images: LibraryImage[] }>('/api/images/local-library?sort_by=date_desc')
    ).images;
    expect((await getAll<{ images: LibraryImage[] }>('/api/images/local-library')).images).toEqual(
      all,
    );
    expect(all[0]!.id).toBe(LOOSE_ID);
    const pages: LibraryImage[] = [];
    for (let page = 1; page <= 3; page++) {
      const body = await getAll<{ images: LibraryImage[]; total: number; page: number }>(
        `/api/images/local-library?limit=3&page=${page}`,
      );
      expect(body).toMatchObject({ total: TOTAL, page, limit: 3 });
      pages.push(...body.images);
    }
    expect(pages).toEqual(all);
    const past = await getAll<{ images: LibraryImage[]; total: number }>(
      '/api/images/local-library?limit=3&page=9',
    );
    expect(past).toMatchObject({ images: [], total: TOTAL });
  });

  it.each([
    'limit=0',
    'limit=201',
    'page=0',
    'page=abc',
    'page=1.5',
    'page=99999999999',
    'sort_by=name_asc',
  ])('refuses %s with the contract error', async (query) => {
    const res = await api('GET', `/api/images/local-library?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', detail: expect.any(String) });
  });
});
