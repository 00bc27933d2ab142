import type { Kind } from '../config';

/** Shows (works with episodes) exist only for anime and TV; a movie is its own single work. */
export type SeriesKind = 'anime' | 'tv';

export interface WorkRef {
  type: 'work';
  kind: SeriesKind;
  id: number;
}
export interface MovieRef {
  type: 'movie';
  kind: 'movie';
  id: number;
}
export interface EpisodeRef {
  type: 'episode';
  kind: SeriesKind;
  id: number;
}
/** Image ids are numbered per kind; `kind` is null when the URL does not say which. */
export interface ImageRef {
  type: 'image';
  kind: Kind | null;
  id: number;
}
export type UpstreamRef = WorkRef | MovieRef | EpisodeRef | ImageRef;

/** The site's path segment for each kind (`/anime/`, `/tv/`, `/movies/`). */
export const KIND_SEGMENT: Record<Kind, string> = { anime: 'anime', tv: 'tv', movie: 'movies' };

export function kindFromSegment(segment: string | undefined): Kind | null {
  switch (segment?.toLowerCase()) {
    case 'anime':
      return 'anime';
    case 'tv':
      return 'tv';
    case 'movies':
      return 'movie';
    default:
      return null;
  }
}

export function isSeriesKind(kind: Kind | null): kind is SeriesKind {
  return kind === 'anime' || kind === 'tv';
}
