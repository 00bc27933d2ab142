import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import {
  api,
  EP1,
  EP2,
  episodeTitles,
  episodeUrl,
  get,
  MOVIE,
  movieUrl,
  other,
  pause,
  SHOW,
  t,
  useLibraryApp,
} from './support/library';

useLibraryApp();

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
