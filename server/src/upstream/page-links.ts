import type { PageLink } from '@capshelf/contract';
import type { Kind } from '../config';
import type { UrlBuilders } from './builders';

/** A show's episode list: `/episodes/<showId>`, the showId being the query part of its URL. */
const episodesPath = (showUrl: string) =>
  `/episodes/${encodeURIComponent(new URL(showUrl).search.slice(1))}`;
/** An episode's or a movie's images: `/images/<its URL, URL-encoded>`. */
const imagesPath = (pageUrl: string) => `/images/${encodeURIComponent(pageUrl)}`;

function movieLink(builders: UrlBuilders, id: number): PageLink {
  const source = builders.moviePageUrl({ type: 'movie', kind: 'movie', id });
  return { page_path: imagesPath(source), source_url: source };
}

/**
 * Where the page opens a work: a show its episode list, a movie its images. Built here, next to
 * the URL model, so the page never writes or takes apart a source-site URL.
 */
export function workLink(builders: UrlBuilders, kind: Kind, id: number): PageLink {
  if (kind === 'movie') return movieLink(builders, id);
  const source = builders.showPageUrl({ type: 'work', kind, id });
  return { page_path: episodesPath(source), source_url: source };
}

/** Where the page opens an episode's images; a movie is its own single episode. */
export function episodeLink(builders: UrlBuilders, kind: Kind, id: number): PageLink {
  if (kind === 'movie') return movieLink(builders, id);
  const source = builders.episodePageUrl({ type: 'episode', kind, id });
  return { page_path: imagesPath(source), source_url: source };
}
