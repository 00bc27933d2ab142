import { firstProgressCall } from '../../test/browseFixtures';

/** The episode the image screen tests open, and how they find its cards. */
export const EPISODE_URL =
  'https://fancaps.net/anime/episodeimages.php?1001-Non_Non_Biyori/Episode_1';
export const PAGE = `/images/${encodeURIComponent(EPISODE_URL)}?title=Non%20Non%20Biyori%20-%20Episode%201&workTitle=Non%20Non%20Biyori&episodeTitle=Episode%201&searchTerm=non`;
export const LIST = `GET /api/images/episode/${encodeURIComponent(EPISODE_URL)}`;
export const PROGRESS = firstProgressCall(EPISODE_URL);

export const cards = () => [...document.querySelectorAll<HTMLElement>('[data-image-id]')];
export const card = (id: number) => document.querySelector<HTMLElement>(`[data-image-id="${id}"]`)!;
