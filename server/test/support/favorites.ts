import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { startTestApp, type TestApp } from '../helpers';

/** The favourites test files' shared app and users; bound by `useFavoritesApp`. */
export let t: TestApp;
export let alice: { authorization: string };
export let bob: { authorization: string };
let userCount = 0;

/** One app per file, and fresh users per test. */
export function useFavoritesApp() {
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  // Fresh users per test: favourites are per user, so tests never see each other's rows.
  beforeEach(async () => {
    userCount += 1;
    alice = await t.userHeaders(`alice${userCount}@example.com`);
    bob = await t.userHeaders(`bob${userCount}@example.com`);
  });
}

export type Method = 'GET' | 'POST' | 'DELETE';
export const call = (
  headers: { authorization: string } | undefined,
  method: Method,
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url: `/api/favorites${url}`,
    payload: payload as object | undefined,
    headers,
  });

export const SHOW_URL = 'https://fancaps.net/anime/showimages.php?10435-Non_Non_Biyori';
export const MOVIE_URL = 'https://fancaps.net/movies/MovieImages.php?name=Hanabi&movieid=2666';
export const EPISODE_URL =
  'https://fancaps.net/anime/episodeimages.php?20001-Non_Non_Biyori/Episode_1';
export const work = { title: 'Non Non Biyori', work_type: 'Anime', original_url: SHOW_URL };
export const episode = {
  title: 'Episode 1',
  work_title: 'Non Non Biyori',
  work_id: '10435',
  episode_url: EPISODE_URL,
  preview_images: [
    '/api/images/700001.jpg?kind=anime&size=thumb',
    'https://ant.fancaps.net/700002.jpg',
  ],
};
export const image = {
  image_id: 700001,
  work_title: 'Non Non Biyori',
  work_id: 10435,
  episode_title: 'Episode 1',
  episode_id: 20001,
  small_url: '/api/images/700001.jpg?kind=anime&size=small',
  large_url: 'https://cdni.fancaps.net/file/fancaps-animeimages/700001.jpg',
};

/** Adds one of each type for a user and returns the favourite ids. */
export async function addAll(headers: { authorization: string }) {
  const w = await call(headers, 'POST', '/work', work);
  const e = await call(headers, 'POST', '/episode', episode);
  const i = await call(headers, 'POST', '/image', image);
  expect([w.statusCode, e.statusCode, i.statusCode]).toEqual([201, 201, 201]);
  return { work: w.json().id, episode: e.json().id, image: i.json().id } as Record<
    'work' | 'episode' | 'image',
    number
  >;
}

export const stats = async (headers: { authorization: string }) =>
  (await call(headers, 'GET', '/stats')).json().data;
