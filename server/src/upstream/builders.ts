import { sourcePageUrl } from '@capshelf/contract';
import type { ImageSize, ImageUrlTemplates, Kind } from '../config';
import type { EpisodeRef, MovieRef, SeriesKind, WorkRef } from './refs';
import { KIND_SEGMENT } from './refs';
import { refFromQueryPart } from './urls';

/** The search form's category checkboxes, in the order the results page lists them. */
const SEARCH_FLAGS: [Kind, string, string][] = [
  ['movie', 'MoviesCB', 'Movies'],
  ['tv', 'TVCB', 'TV'],
  ['anime', 'animeCB', 'Anime'],
];
export const ALL_KINDS: readonly Kind[] = ['anime', 'tv', 'movie'];

const pageSuffix = (page: number) => (page > 1 ? `&page=${page}` : '');

/**
 * Page URLs built from ids alone: the site links id-only forms itself
 * (`episodeimages.php?10436`, `MovieImages.php?movieid=2666`) and slugs are cosmetic.
 */
export interface UrlBuilders {
  searchUrl(query: string, kinds?: readonly Kind[]): string;
  showPageUrl(ref: WorkRef, page?: number): string;
  episodePageUrl(ref: EpisodeRef, page?: number): string;
  moviePageUrl(ref: MovieRef, page?: number): string;
  /** Page 1 of a show or a movie. */
  workUrl(ref: WorkRef | MovieRef): string;
  imageUrl(size: ImageSize, kind: Kind, id: number): string;
  /** The site's own page of one image (what a download's metadata cites as the source). */
  picturePageUrl(kind: Kind, id: number): string;
  /** The full episode URL for the API's wire form (`10435-Non_Non_Biyori/Episode_1` + kind). */
  episodeUrlFromQuery(queryPart: string, kind: SeriesKind): string | null;
}

export function createUrlBuilders(settings: {
  baseUrl: string;
  imageUrls: ImageUrlTemplates;
}): UrlBuilders {
  const base = settings.baseUrl.replace(/\/+$/, '');
  // The page forms are the contract's, which the page also rebuilds them with.
  const pageUrl = (type: 'work' | 'episode', kind: Kind, id: number, page: number) =>
    `${sourcePageUrl(base, type, kind, id)}${pageSuffix(page)}`;
  const builders: UrlBuilders = {
    searchUrl(query, kinds = ALL_KINDS) {
      const params = new URLSearchParams({ q: query });
      for (const [kind, name, value] of SEARCH_FLAGS) {
        if (kinds.includes(kind)) params.append(name, value);
      }
      params.append('submit', 'Submit Query');
      return `${base}/search.php?${params}`;
    },
    showPageUrl: (ref, page = 1) => pageUrl('work', ref.kind, ref.id, page),
    episodePageUrl: (ref, page = 1) => pageUrl('episode', ref.kind, ref.id, page),
    moviePageUrl: (ref, page = 1) => pageUrl('work', 'movie', ref.id, page),
    workUrl: (ref) =>
      ref.type === 'movie' ? builders.moviePageUrl(ref) : builders.showPageUrl(ref),
    imageUrl(size, kind, id) {
      if (!Number.isSafeInteger(id) || id <= 0) throw new RangeError(`not an image id: ${id}`);
      return settings.imageUrls[size][kind].replace('{id}', String(id));
    },
    picturePageUrl: (kind, id) =>
      kind === 'movie'
        ? `${base}/${KIND_SEGMENT.movie}/Image.php?imageid=${id}`
        : `${base}/${KIND_SEGMENT[kind]}/picture.php?/${id}`,
    episodeUrlFromQuery(queryPart, kind) {
      const ref = refFromQueryPart(queryPart, kind, 'episode');
      return ref?.type === 'episode' ? builders.episodePageUrl(ref) : null;
    },
  };
  return builders;
}
