import type { Episode, Movie, Show } from './catalogue';
import type { Kind } from './types';

/** First path segment of each kind's pages. */
export const KIND_DIRS: Record<Kind, string> = { anime: 'anime', tv: 'tv', movie: 'movies' };

export const EPISODES_PER_SHOW_PAGE = 10;
export const IMAGES_PER_PAGE = 36;

/** Page count as the site reports it: an empty gallery still has page 1. */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

export function pageSlice<T>(items: readonly T[], page: number, perPage: number): T[] {
  return items.slice((page - 1) * perPage, page * perPage);
}

const pageSuffix = (page?: number) => (page === undefined ? '' : `&page=${page}`);

export function showPath(show: Show, page?: number): string {
  return `/${KIND_DIRS[show.kind]}/showimages.php?${show.id}-${show.slug}${pageSuffix(page)}`;
}

export function episodePath(show: Show, episode: Episode, page?: number): string {
  const query = `${episode.id}-${show.slug}/${episode.labelSlug}`;
  return `/${KIND_DIRS[show.kind]}/episodeimages.php?${query}${pageSuffix(page)}`;
}

/** The name keeps its raw "&" as on the real site. */
export function moviePath(movie: Movie, page?: number): string {
  return `/movies/MovieImages.php?name=${movie.slug}&movieid=${movie.id}${pageSuffix(page)}`;
}

export function picturePath(kind: Kind, id: number): string {
  return kind === 'movie'
    ? `/movies/Image.php?imageid=${id}`
    : `/${KIND_DIRS[kind]}/picture.php?/${id}`;
}

/** The same link relative to its kind's directory ("episodeimages.php?…"), as the site often writes. */
export function dirRelative(path: string): string {
  return path.replace(/^\/[a-z]+\//, '');
}
