import { KEY_IDS, movieById, showById } from '@capshelf/replica';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';

interface LibraryImage {
  id: number;
  kind: string;
  thumb_url: string;
  size: number;
  cached_at: string;
  work_title: string | null;
  episode_title: string | null;
}

let t: BrowseApp;
let other: { authorization: string };

const SHOW = showById(KEY_IDS.longShow)!;
const [EP1, EP2] = SHOW.episodes as [(typeof SHOW.episodes)[0], (typeof SHOW.episodes)[0]];
const MOVIE = movieById(KEY_IDS.onePageMovie)!;
/** A TV image fetched by id only: no listing ever named its owner. */
const LOOSE_ID = showById(KEY_IDS.tvSeason1)!.episodes[0]!.imageIds[0]!;

const api = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  headers: { authorization: string } = t.headers,
) => t.app.inject({ method, url, headers });
const get = async <T = Record<string, unknown>>(url: string, headers = t.headers) => {
  const res = await api('GET', url, headers);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
};
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
const episodeUrl = (id: number) => `${t.replica.pageOrigin}/anime/episodeimages.php?${id}`;
const movieUrl = (id: number) => `${t.replica.pageOrigin}/movies/MovieImages.php?movieid=${id}`;
const fetchImage = async (kind: string, id: number, size: 'thumb' | 'large' = 'thumb') => {
  const res = await api('GET', `/api/images/${id}.jpg?kind=${kind}&size=${size}`);
  expect(res.statusCode).toBe(200);
  await pause();
};

const episodeTitles = new Map<number, string>();

/** The cache the libraries read, filled the real way: listings, then image bytes. */
beforeAll(async () => {
  t = await startBrowseApp();
  other = await t.userHeaders('other@example.com');
  for (const episode of [EP1, EP2]) {
    const listing = await get<{ episode_title: string }>(
      `/api/images/episode/${encodeURIComponent(episodeUrl(episode.id))}`,
    );
    episodeTitles.set(episode.id, listing.episode_title);
  }
  await get(`/api/images/episode/${encodeURIComponent(movieUrl(MOVIE.id))}`);
  // Fetched out of episode order, so "episode order" is proven by the index, not by fetch time.
  for (const index of [2, 0, 1]) await fetchImage('anime', EP1.imageIds[index]!);
  await fetchImage('anime', EP1.imageIds[0]!, 'large');
  for (const index of [0, 1]) await fetchImage('anime', EP2.imageIds[index]!);
  for (const index of [5, 4]) await fetchImage('movie', MOVIE.imageIds[index]!);
  await fetchImage('tv', LOOSE_ID);
});
afterAll(async () => {
  await t.close();
});

const TOTAL = 3 + 2 + 2 + 1;

describe(`local library (${databaseKind})`, () => {
  it('lists every cached image once with its titles, the same for every user', async () => {
    const body = await get<{ images: LibraryImage[]; total: number; page: number; limit: number }>(
      '/api/images/local-library',
    );
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

    const shared = await get<{ images: LibraryImage[] }>('/api/images/local-library', other);
    expect(shared.images.map((i) => i.id)).toEqual(body.images.map((i) => i.id));
  });

  const KEYS = {
    id: (i: LibraryImage) => i.id,
    date: (i: LibraryImage) => i.cached_at,
    size: (i: LibraryImage) => i.size,
  };
  it.each(Object.keys(KEYS) as (keyof typeof KEYS)[])('sorts by %s both ways', async (key) => {
    const asc = (
      await get<{ images: LibraryImage[] }>(`/api/images/local-library?sort_by=${key}_asc`)
    ).images;
    const desc = (
      await get<{ images: LibraryImage[] }>(`/api/images/local-library?sort_by=${key}_desc`)
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
      await get<{ images: LibraryImage[] }>('/api/images/local-library?sort_by=date_desc')
    ).images;
    expect((await get<{ images: LibraryImage[] }>('/api/images/local-library')).images).toEqual(
      all,
    );
    expect(all[0]!.id).toBe(LOOSE_ID);
    const pages: LibraryImage[] = [];
    for (let page = 1; page <= 3; page++) {
      const body = await get<{ images: LibraryImage[]; total: number; page: number }>(
        `/api/images/local-library?limit=3&page=${page}`,
      );
      expect(body).toMatchObject({ total: TOTAL, page, limit: 3 });
      pages.push(...body.images);
    }
    expect(pages).toEqual(all);
    const past = await get<{ images: LibraryImage[]; total: number }>(
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
    const body = await get<{
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
      get<{ categories: Category[]; total_categories: number; total_images: number }>(
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
    const shared = await get('/api/images/local-library-categorized', other);
    expect(shared).toMatchObject({ total_categories: 3, total_images: TOTAL });
  });

  it('lists one episode’s cached images in episode order, paged', async () => {
    const url = `/api/images/local-library/category/${encodeURIComponent(`anime:${SHOW.id}`)}/episode/${EP1.id}`;
    const body = await get<{ images: LibraryImage[] } & Record<string, unknown>>(url);
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
    const second = await get<{ images: LibraryImage[] }>(`${url}?limit=2&page=2`);
    expect(second.images.map((i) => i.id)).toEqual([EP1.imageIds[2]]);

    const movie = await get<{ images: LibraryImage[]; total: number }>(
      `/api/images/local-library/category/movie:${MOVIE.id}/episode/${MOVIE.id}`,
    );
    expect(movie).toMatchObject({ total: 2, show_name: MOVIE.title, episode_name: MOVIE.title });
    const loose = await get<{ images: LibraryImage[]; total: number }>(
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
    const body = await get(
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
    const res = await api('GET', `/api/images/local-library/category/${path}`);
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

interface HistoryEpisode {
  history_id: number;
  episode_id: number;
  episode_url: string;
  episode_name: string;
  kind: string;
  show_name: string;
  search_term: string;
  updated_at: string;
  source: string;
  view_count: number;
  image_count: number;
  images: { id: number }[];
}
interface HistoryCategory {
  show_name: string;
  work: { kind: string; id: number } | null;
  episode_count: number;
  total_images: number;
  last_viewed: string;
  episodes: HistoryEpisode[];
}
interface HistoryResponse {
  categories: HistoryCategory[];
  total_categories: number;
  total_images: number;
}

describe(`search-history library (${databaseKind})`, () => {
  const record = async (
    episodeId: string,
    query: Record<string, string>,
    headers: { authorization: string } = t.headers,
  ) => {
    const params = new URLSearchParams({ ...query, episode_id: episodeId });
    const res = await api('POST', `/api/images/record-episode-access?${params}`, headers);
    expect(res.statusCode).toBe(204);
    await pause();
  };

  beforeAll(async () => {
    await record(episodeUrl(EP1.id), { search_term: 'hanabi', show_title: SHOW.title });
    await record(movieUrl(MOVIE.id), { search_term: 'ocean' });
    await record(episodeUrl(EP2.id), {});
    await record(episodeUrl(EP1.id), { search_term: 'hanabi' }, other);
  });

  it('groups the user’s own history by work, newest first, with previews and episode URLs', async () => {
    const body = await get<HistoryResponse>('/api/images/search-based-library');
    expect(body.total_categories).toBe(2);
    const [show, movie] = body.categories as [HistoryCategory, HistoryCategory];
    expect(show).toMatchObject({
      show_name: SHOW.title,
      work: { kind: 'anime', id: SHOW.id },
      episode_count: 2,
      total_images: EP1.imageIds.length + EP2.imageIds.length,
    });
    expect(show.episodes.map((e) => e.episode_id)).toEqual([EP2.id, EP1.id]);
    expect(show.last_viewed).toBe(show.episodes[0]!.updated_at);
    expect(show.episodes[1]).toMatchObject({
      episode_name: episodeTitles.get(EP1.id),
      kind: 'anime',
      search_term: 'hanabi',
      source: 'search',
      view_count: 1,
      image_count: EP1.imageIds.length,
      images: EP1.imageIds.slice(0, 4).map((id) => expect.objectContaining({ id })),
    });
    expect(show.episodes[0]).toMatchObject({ source: 'direct', search_term: '' });
    expect(movie).toMatchObject({
      show_name: MOVIE.title,
      work: { kind: 'movie', id: MOVIE.id },
      episodes: [
        {
          episode_id: MOVIE.id,
          episode_name: MOVIE.title,
          kind: 'movie',
          images: MOVIE.imageIds.slice(0, 4).map((id) => expect.objectContaining({ id })),
        },
      ],
    });
    expect(body.total_images).toBe(show.total_images + movie.total_images);

    // The page opens /images/{encoded episode_url}: the URL must lead back to the same images.
    for (const episode of [...show.episodes, ...movie.episodes]) {
      const images = await get<{ images: { id: number }[] }>(
        `/api/images/episode/${encodeURIComponent(episode.episode_url)}`,
      );
      expect(images.images[0]!.id).toBe(episode.images[0]!.id);
    }
  });

  it('lists every episode flat, newest first', async () => {
    const body = await get<{ episodes: HistoryEpisode[]; total: number }>(
      '/api/images/search-based-library/episodes',
    );
    expect(body.total).toBe(3);
    expect(body.episodes.map((e) => e.episode_id)).toEqual([EP2.id, MOVIE.id, EP1.id]);
    expect(body.episodes.map((e) => e.show_name)).toEqual([SHOW.title, MOVIE.title, SHOW.title]);
  });

  it('keeps each user’s history private, deletes included', async () => {
    const theirs = await get<HistoryResponse>('/api/images/search-based-library', other);
    expect(theirs.total_categories).toBe(1);
    expect(theirs.categories[0]!.episodes.map((e) => e.episode_id)).toEqual([EP1.id]);
    const theirFlat = await get<{ total: number }>(
      '/api/images/search-based-library/episodes',
      other,
    );
    expect(theirFlat.total).toBe(1);

    const mine = await get<{ episodes: HistoryEpisode[] }>(
      '/api/images/search-based-library/episodes',
    );
    const myRecord = mine.episodes[0]!.history_id;
    const stolen = await api(
      'DELETE',
      `/api/images/search-based-library/episode/${myRecord}`,
      other,
    );
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().code).toBe('NOT_FOUND');
    expect((await get<{ total: number }>('/api/images/search-based-library/episodes')).total).toBe(
      3,
    );
  });

  it('deletes one record, says when the work is gone, and never touches the cache', async () => {
    const before = await get<{ total_images: number }>('/api/images/cache-stats');
    const body = await get<HistoryResponse>('/api/images/search-based-library');
    const show = body.categories.find((c) => c.work?.kind === 'anime')!;
    const [newest, oldest] = show.episodes as [HistoryEpisode, HistoryEpisode];

    const first = await api(
      'DELETE',
      `/api/images/search-based-library/episode/${newest.history_id}`,
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      work_removed: false,
      work_title: SHOW.title,
      message: expect.any(String),
    });
    const again = await api(
      'DELETE',
      `/api/images/search-based-library/episode/${newest.history_id}`,
    );
    expect(again.statusCode).toBe(404);

    const last = await api(
      'DELETE',
      `/api/images/search-based-library/episode/${oldest.history_id}`,
    );
    expect(last.json()).toMatchObject({
      success: true,
      work_removed: true,
      work_title: SHOW.title,
    });

    const after = await get<HistoryResponse>('/api/images/search-based-library');
    expect(after.categories.map((c) => c.work?.kind)).toEqual(['movie']);
    expect((await get<{ total_images: number }>('/api/images/cache-stats')).total_images).toBe(
      before.total_images,
    );
    // The other user's record of the same episode is untouched.
    const theirs = await get<HistoryResponse>('/api/images/search-based-library', other);
    expect(theirs.categories[0]!.episodes.map((e) => e.episode_id)).toEqual([EP1.id]);
  });

  it.each(['abc', '0', '-1', '99999999999'])('refuses history id %s', async (id) => {
    const res = await api('DELETE', `/api/images/search-based-library/episode/${id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('needs a session for every library call', async () => {
    for (const [method, url] of [
      ['GET', '/api/images/local-library'],
      ['GET', '/api/images/local-library-categorized'],
      ['GET', '/api/images/local-library/category/uncategorized/episode/all'],
      ['GET', '/api/images/search-based-library'],
      ['GET', '/api/images/search-based-library/episodes'],
      ['DELETE', '/api/images/search-based-library/episode/1'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
    }
  });
});
