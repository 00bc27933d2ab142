import { KEY_IDS, movieById, showById } from '@capshelf/replica';
import { afterAll, beforeAll, expect } from 'vitest';
import { startBrowseApp, type BrowseApp } from './browse';

export interface LibraryImage {
  id: number;
  kind: string;
  thumb_url: string;
  size: number;
  cached_at: string;
  work_title: string | null;
  episode_title: string | null;
}

/** The library test files' shared app; bound by `useLibraryApp`. */
export let t: BrowseApp;
export let other: { authorization: string };
/** An admin, who may ask for every user's images (scope=all, 全部用户). */
export let admin: { authorization: string };

export const SHOW = showById(KEY_IDS.longShow)!;
export const [EP1, EP2] = SHOW.episodes as [(typeof SHOW.episodes)[0], (typeof SHOW.episodes)[0]];
export const MOVIE = movieById(KEY_IDS.onePageMovie)!;
/** A TV image fetched by id only: no listing ever named its owner. */
export const LOOSE_ID = showById(KEY_IDS.tvSeason1)!.episodes[0]!.imageIds[0]!;

export const api = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  headers: { authorization: string } = t.headers,
) => t.app.inject({ method, url, headers });
export const get = async <T = Record<string, unknown>>(url: string, headers = t.headers) => {
  const res = await api('GET', url, headers);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
};
/** `url` asking for the 全部用户 scope. */
export const everyone = (url: string) => `${url}${url.includes('?') ? '&' : '?'}scope=all`;
/** A library answer over the whole cache, as an admin sees it with 全部用户. */
export const getAll = <T = Record<string, unknown>>(url: string) => get<T>(everyone(url), admin);
export const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
export const episodeUrl = (id: number) => `${t.replica.pageOrigin}/anime/episodeimages.php?${id}`;
export const movieUrl = (id: number) =>
  `${t.replica.pageOrigin}/movies/MovieImages.php?movieid=${id}`;
const fetchImage = async (kind: string, id: number, size: 'thumb' | 'large' = 'thumb') => {
  const res = await api('GET', `/api/images/${id}.jpg?kind=${kind}&size=${size}`);
  expect(res.statusCode).toBe(200);
  await pause();
};

export const episodeTitles = new Map<number, string>();

/** The cache the libraries read, filled the real way: listings, then image bytes. */
export function useLibraryApp() {
  beforeAll(async () => {
    t = await startBrowseApp();
    other = await t.userHeaders('other@example.com');
    admin = await t.userHeaders('librarian@example.com', 'admin');
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
}

export const TOTAL = 3 + 2 + 2 + 1;
