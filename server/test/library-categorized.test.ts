import { KEY_IDS } from '@capshelf/replica';
import { describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import {
  api,
  EP1,
  EP2,
  episodeTitles,
  get,
  getAll,
  admin,
  everyone,
  LOOSE_ID,
  MOVIE,
  other,
  SHOW,
  t,
  TOTAL,
  type LibraryImage,
  useLibraryApp,
} from './support/library';

useLibraryApp();

interface Category {
  show_name: string;
  work: { kind: string; id: number } | null;
  category: string;
  episode_count: number;
  total_images: number;
  images: { id: number }[];
  episodes: {
    episode_name: string;
    episode_id: number | null;
    episode_key: string;
    kind: string | null;
    image_count: number;
    images: { id: number; kind: string }[];
  }[];
}

describe(`categorized library (${databaseKind})`, () => {
  it('groups works → episodes from the cache, newest work first, the unknown rest last', async () => {
    const body = await getAll<{
      categories: Category[];
      total_categories: number;
      total_images: number;
    }>('/api/images/local-library-categorized');
    expect(body).toMatchObject({ total_categories: 3, total_images: TOTAL, page: 1, limit: 20 });
    const [movie, show, loose] = body.categories as [Category, Category, Category];
    expect(movie).toMatchObject({
      show_name: MOVIE.title,
      work: { kind: 'movie', id: MOVIE.id },
      category: `movie:${MOVIE.id}`,
      episode_count: 1,
      total_images: 2,
      episodes: [
        {
          episode_name: MOVIE.title,
          episode_id: MOVIE.id,
          episode_key: String(MOVIE.id),
          kind: 'movie',
          image_count: 2,
        },
      ],
    });
    // Previews follow the episode's order, not the order the images were cached in.
    expect(movie.episodes[0]!.images.map((i) => i.id)).toEqual([
      MOVIE.imageIds[4],
      MOVIE.imageIds[5],
    ]);

    expect(show).toMatchObject({
      show_name: SHOW.title,
      work: { kind: 'anime', id: SHOW.id },
      category: `anime:${SHOW.id}`,
      episode_count: 2,
      total_images: 5,
    });
    expect(show.episodes).toEqual([
      expect.objectContaining({
        episode_name: episodeTitles.get(EP1.id),
        episode_id: EP1.id,
        episode_key: String(EP1.id),
        image_count: 3,
        images: EP1.imageIds
          .slice(0, 3)
          .map((id) => expect.objectContaining({ id, kind: 'anime' })),
      }),
      expect.objectContaining({ episode_id: EP2.id, image_count: 2 }),
    ]);
    expect(show.images.map((i) => i.id)).toEqual([...EP1.imageIds.slice(0, 3), EP2.imageIds[0]]);

    expect(loose).toMatchObject({
      show_name: '未分类',
      work: null,
      category: 'uncategorized',
      total_images: 1,
      episodes: [
        { episode_key: 'all', episode_id: null, image_count: 1, images: [{ id: LOOSE_ID }] },
      ],
    });
  });

  it('pages the works and keeps the totals on every page', async () => {
    const page = async (n: number) =>
      getAll<{ categories: Category[]; total_categories: number; total_images: number }>(
        `/api/images/local-library-categorized?limit=1&page=${n}`,
      );
    expect((await page(1)).categories.map((c) => c.category)).toEqual([`movie:${MOVIE.id}`]);
    expect((await page(2)).categories.map((c) => c.category)).toEqual([`anime:${SHOW.id}`]);
    expect((await page(3)).categories.map((c) => c.category)).toEqual(['uncategorized']);
    expect(await page(4)).toMatchObject({
      categories: [],
      total_categories: 3,
      total_images: TOTAL,
    });
    const own = await get('/api/images/local-library-categorized', other);
    expect(own).toMatchObject({ categories: [], total_categories: 0, total_images: 0 });
  });

  it('lists one episode’s cached images in episode order, paged', async () => {
    const url = `/api/images/local-library/category/${encodeURIComponent(`anime:${SHOW.id}`)}/episode/${EP1.id}`;
    const body = await getAll<{ images: LibraryImage[] } & Record<string, unknown>>(url);
    expect(body).toMatchObject({
      total: 3,
      page: 1,
      limit: 100,
      show_name: SHOW.title,
      episode_name: episodeTitles.get(EP1.id),
      work: { kind: 'anime', id: SHOW.id },
      episode_id: EP1.id,
    });
    expect(body.images.map((i) => i.id)).toEqual(EP1.imageIds.slice(0, 3));
    expect(body.images[0]).toMatchObject({ work_title: SHOW.title, size: expect.any(Number) });
    const second = await getAll<{ images: LibraryImage[] }>(`${url}?limit=2&page=2`);
    expect(second.images.map((i) => i.id)).toEqual([EP1.imageIds[2]]);

    const movie = await getAll<{ images: LibraryImage[]; total: number }>(
      `/api/images/local-library/category/movie:${MOVIE.id}/episode/${MOVIE.id}`,
    );
    expect(movie).toMatchObject({ total: 2, show_name: MOVIE.title, episode_name: MOVIE.title });
    const loose = await getAll<{ images: LibraryImage[]; total: number }>(
      '/api/images/local-library/category/uncategorized/episode/all',
    );
    expect(loose).toMatchObject({ total: 1, show_name: '未分类', work: null });
    expect(loose.images.map((i) => i.id)).toEqual([LOOSE_ID]);
  });

  it('answers an episode that is known but not cached with an empty list', async () => {
    const third = SHOW.episodes[2]!;
    const listed = await t.app.inject({
      method: 'POST',
      url: '/api/episodes/',
      payload: { show_url: `${SHOW.id}-X`, kind: 'anime' },
      headers: t.headers,
    });
    expect(listed.statusCode).toBe(200);
    const body = await getAll(
      `/api/images/local-library/category/anime:${SHOW.id}/episode/${third.id}`,
    );
    expect(body).toMatchObject({ images: [], total: 0 });
  });

  it.each([
    ['anime/episode/1', 400],
    ['music:1/episode/1', 400],
    ['anime:0/episode/1', 400],
    [`anime:${KEY_IDS.longShow}/episode/abc`, 400],
    [`anime:${KEY_IDS.longShow}/episode/all`, 400],
    ['uncategorized/episode/5', 400],
    [`anime:${KEY_IDS.longShow}/episode/${EP1.id}?limit=10001`, 400],
    [`anime:${KEY_IDS.longShow}/episode/${EP1.id}?page=0`, 400],
    ['anime:999999/episode/1', 404],
    [`tv:${KEY_IDS.longShow}/episode/${EP1.id}`, 404],
    [`anime:${KEY_IDS.tvSeason1}/episode/${EP1.id}`, 404],
    [`movie:${KEY_IDS.onePageMovie}/episode/${KEY_IDS.ampersandMovie}`, 404],
  ])('answers %s with %i', async (path, status) => {
    // As the admin over the whole cache: unknown here means nobody's, not just not the caller's.
    const res = await api('GET', everyone(`/api/images/local-library/category/${path}`), admin);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({
      code: status === 400 ? 'VALIDATION_FAILED' : 'NOT_FOUND',
      detail: expect.any(String),
    });
  });

  it('refuses bad paging of the categorized list', async () => {
    for (const query of ['limit=101', 'limit=-1', 'page=x']) {
      const res = await api('GET', `/api/images/local-library-categorized?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });
});
