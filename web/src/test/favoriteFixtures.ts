import type {
  FavoriteEpisode,
  FavoriteImage,
  FavoriteLists,
  FavoritesResponse,
  FavoriteWork,
} from '@capshelf/contract';
import { imagesLink } from './browseFixtures';

const AT = '2026-01-02T03:04:05Z';

export function favWork(id: number, overrides: Partial<FavoriteWork> = {}): FavoriteWork {
  const url = `https://fancaps.net/anime/showimages.php?${10_000 + id}`;
  return {
    id,
    title: `Work ${id}`,
    work_type: 'Anime',
    content_type: 'anime',
    kind: 'anime',
    work_id: 10_000 + id,
    original_url: url,
    link: { page_path: `/episodes/anime/${10_000 + id}`, source_url: url },
    created_at: AT,
    ...overrides,
  };
}

export function favEpisode(id: number, overrides: Partial<FavoriteEpisode> = {}): FavoriteEpisode {
  const url = `https://fancaps.net/anime/episodeimages.php?${1000 + id}`;
  return {
    id,
    title: `Episode ${id}`,
    work_title: 'Non Non Biyori',
    work_id: 10435,
    kind: 'anime',
    episode_id: 1000 + id,
    episode_url: url,
    link: imagesLink(url),
    preview_images: [],
    created_at: AT,
    ...overrides,
  };
}

export function favImage(id: number, overrides: Partial<FavoriteImage> = {}): FavoriteImage {
  const imageId = 500_000 + id;
  const url = (size: string) => `/api/images/${imageId}.jpg?size=${size}&kind=anime`;
  return {
    id,
    image_id: imageId,
    kind: 'anime',
    work_title: 'Non Non Biyori',
    work_id: 10435,
    episode_title: 'Episode 1',
    episode_id: 1001,
    thumb_url: url('thumb'),
    small_url: url('small'),
    large_url: url('large'),
    original_url: url('large'),
    created_at: AT,
    ...overrides,
  };
}

export function favorites(lists: Partial<FavoriteLists> = {}): FavoritesResponse {
  return { data: { works: [], episodes: [], images: [], ...lists } };
}
