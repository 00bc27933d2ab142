import { pagePath, sourcePage } from '@capshelf/contract';
import type {
  Episode,
  EpisodesResponse,
  ImageCrawlResponse,
  ImageItem,
  ImageListResponse,
  PageLink,
  SearchResponse,
  SearchResult,
} from '@capshelf/contract';

/** The server's link of a source page: its app page, by the kind and id the URL names. */
export function imagesLink(url: string): PageLink {
  const page = sourcePage(new URL(url))!;
  return { page_path: pagePath(page.view, page.kind, page.id), source_url: url };
}

const SHOW_URL = 'https://fancaps.net/anime/showimages.php?10435-Non_Non_Biyori';
export const showResult: SearchResult = {
  title: 'Non Non Biyori',
  content_type: 'Anime',
  url: SHOW_URL,
  year: 2013,
  kind: 'anime',
  id: 10435,
  preview_images: ['/api/images/1.jpg?size=thumb&kind=anime'],
  link: imagesLink(SHOW_URL),
};

const MOVIE_URL = 'https://fancaps.net/movies/MovieImages.php?name=Non_Stop&movieid=2731';
export const movieResult: SearchResult = {
  title: 'Non-Stop',
  content_type: 'Movie',
  url: MOVIE_URL,
  year: 2014,
  kind: 'movie',
  id: 2731,
  preview_images: [],
  link: imagesLink(MOVIE_URL),
};

export function searchResponse(results: SearchResult[], cached = false): SearchResponse {
  return { results, total: results.length, cached, fetched_at: '2026-01-01T00:00:00Z' };
}

export function episode(number: number | null, title = `Episode ${number}`): Episode {
  const id = 1000 + (number ?? 999);
  const url = `https://fancaps.net/anime/episodeimages.php?${id}-Non_Non_Biyori/${title.replace(/ /g, '_')}`;
  return {
    id,
    title,
    url,
    episode_number: number,
    preview_images: [],
    image_count: number === null ? null : 100 + number,
    link: imagesLink(url),
  };
}

export function episodesResponse(episodes: Episode[]): EpisodesResponse {
  return {
    show_title: 'Non Non Biyori',
    work: { kind: 'anime', id: 10435 },
    episodes,
    total: episodes.length,
    cached: false,
    fetched_at: '2026-01-01T00:00:00Z',
  };
}

export function images(count: number, firstId = 500_000): ImageItem[] {
  return Array.from({ length: count }, (_, index) => {
    const id = firstId + index;
    return {
      id,
      kind: 'anime',
      thumb_url: `/api/images/${id}.jpg?size=thumb&kind=anime`,
      small_url: `/api/images/${id}.jpg?size=small&kind=anime`,
      large_url: `/api/images/${id}.jpg?size=large&kind=anime`,
      original_url: `/api/images/${id}.jpg?size=large&kind=anime`,
    };
  });
}

/** The progress answer of an episode the server has read completely. */
export function progressAnswer(
  items: ImageItem[],
  extra: Partial<ImageCrawlResponse> = {},
): ImageCrawlResponse {
  return {
    state: 'done',
    images: items,
    offset: 0,
    total: items.length,
    page: 1,
    pages: 1,
    pages_at_least: 1,
    episode_title: 'Episode 1',
    work_title: 'Non Non Biyori',
    work: { kind: 'anime', id: 10435 },
    episode: { kind: 'anime', id: 1001 },
    cached: true,
    fetched_at: '2026-01-01T00:00:00Z',
    error: null,
    ...extra,
  };
}

/** The first progress call of a visit to an episode (it resumes a failed crawl). */
export const firstProgressCall = (episodeUrl: string) =>
  `GET /api/images/episode/${encodeURIComponent(episodeUrl)}/progress?offset=0&resume=true`;

export function imageList(
  items: ImageItem[],
  extra: Partial<ImageListResponse> = {},
): ImageListResponse {
  return {
    images: items,
    total: items.length,
    cached: true,
    episode_title: 'Episode 1',
    work_title: 'Non Non Biyori',
    work: { kind: 'anime', id: 10435 },
    episode: { kind: 'anime', id: 1001 },
    mode: 'smart',
    exact: true,
    fetched_at: '2026-01-01T00:00:00Z',
    ...extra,
  };
}
