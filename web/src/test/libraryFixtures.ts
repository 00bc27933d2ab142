import type {
  CategorizedLibraryResponse,
  CategoryEpisodeResponse,
  HistoryCategory,
  HistoryEpisode,
  LibraryCategory,
  LibraryImage,
  LocalLibraryResponse,
} from '@capshelf/contract';
import { images, imagesLink } from './browseFixtures';

export function libraryImages(count: number, firstId = 500_000): LibraryImage[] {
  return images(count, firstId).map((image, index) => ({
    ...image,
    size: 1000 + index,
    cached_at: '2026-01-02T03:04:05Z',
    work_title: 'Non Non Biyori',
    episode_title: `Episode ${index + 1}`,
  }));
}

export function localLibrary(items: LibraryImage[], total = items.length, page = 1) {
  return { images: items, total, page, limit: 200 } satisfies LocalLibraryResponse;
}

export function libraryCategory(id: number, overrides: Partial<LibraryCategory> = {}) {
  return {
    show_name: `Work ${id}`,
    work: { kind: 'anime', id },
    link: {
      page_path: `/episodes/anime/${id}`,
      source_url: `https://fancaps.net/anime/showimages.php?${id}`,
    },
    category: `anime:${id}`,
    episode_count: 2,
    total_images: 30,
    last_cached: '2026-01-02T03:04:05Z',
    images: images(4, id * 100),
    episodes: [1, 2].map((n) => ({
      episode_name: `Episode ${n}`,
      episode_id: id * 10 + n,
      episode_key: String(id * 10 + n),
      kind: 'anime' as const,
      image_count: 15,
      images: images(2, id * 100 + n * 10),
      link: imagesLink(`https://fancaps.net/anime/episodeimages.php?${id * 10 + n}`),
    })),
    ...overrides,
  } satisfies LibraryCategory;
}

export function categorized(
  categories: LibraryCategory[],
  extra: Partial<CategorizedLibraryResponse> = {},
): CategorizedLibraryResponse {
  return {
    categories,
    total_categories: categories.length,
    total_images: categories.reduce((sum, item) => sum + item.total_images, 0),
    page: 1,
    limit: 20,
    ...extra,
  };
}

export function categoryEpisode(
  items: LibraryImage[],
  extra: Partial<CategoryEpisodeResponse> = {},
): CategoryEpisodeResponse {
  return {
    images: items,
    total: items.length,
    page: 1,
    limit: 10_000,
    show_name: 'Work 1',
    episode_name: 'Episode 1',
    work: { kind: 'anime', id: 1 },
    episode_id: 11,
    ...extra,
  };
}

export function historyEpisode(
  id: number,
  overrides: Partial<HistoryEpisode> = {},
): HistoryEpisode {
  const url = `https://fancaps.net/anime/episodeimages.php?${1000 + id}-Non_Non_Biyori/Episode_${id}`;
  return {
    history_id: id,
    episode_id: 1000 + id,
    episode_url: url,
    link: imagesLink(url),
    episode_name: `Episode ${id}`,
    kind: 'anime',
    show_name: 'Non Non Biyori',
    work: { kind: 'anime', id: 10435 },
    search_term: 'non non',
    created_at: '2026-01-02T03:04:05Z',
    updated_at: '2026-01-02T03:04:05Z',
    source: 'search',
    view_count: 3,
    image_count: 120,
    images: images(2, 500_000 + id * 10),
    ...overrides,
  };
}

export function historyCategory(overrides: Partial<HistoryCategory> = {}): HistoryCategory {
  return {
    show_name: 'Non Non Biyori',
    work: { kind: 'anime', id: 10435 },
    link: {
      page_path: '/episodes/anime/10435',
      source_url: 'https://fancaps.net/anime/showimages.php?10435',
    },
    episode_count: 2,
    total_images: 240,
    last_viewed: '2026-01-02T03:04:05Z',
    episodes: [historyEpisode(2), historyEpisode(1)],
    ...overrides,
  };
}
