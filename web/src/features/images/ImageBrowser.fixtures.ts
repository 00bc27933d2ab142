import { firstProgressCall } from '../../test/browseFixtures';

/**
 * The episode the image screen tests open (opened from a search for "non"), the source URL the
 * page rebuilds from its kind and id, and how they find its cards.
 */
export const EPISODE_URL = 'https://fancaps.net/anime/episodeimages.php?1001';
export const PAGE = '/images/anime/1001?q=non';
export const LIST = `GET /api/images/episode/${encodeURIComponent(EPISODE_URL)}`;
export const PROGRESS = firstProgressCall(EPISODE_URL);

export const cards = () => [...document.querySelectorAll<HTMLElement>('[data-image-id]')];
export const card = (id: number) => document.querySelector<HTMLElement>(`[data-image-id="${id}"]`)!;
