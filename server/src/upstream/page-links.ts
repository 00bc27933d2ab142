import { pagePath, type PageLink } from '@capshelf/contract';
import type { Kind } from '../config';
import type { UrlBuilders } from './builders';

/**
 * Where the page opens a work: a show its episode list, a movie its images. The page path names
 * the kind and id only (the contract's `pagePath`), so feeds, webhooks and mails keep working
 * when the source's host changes; the source URL is built here, next to the URL model.
 */
export function workLink(builders: UrlBuilders, kind: Kind, id: number): PageLink {
  const source =
    kind === 'movie'
      ? builders.moviePageUrl({ type: 'movie', kind, id })
      : builders.showPageUrl({ type: 'work', kind, id });
  return { page_path: pagePath('episodes', kind, id), source_url: source };
}

/** Where the page opens an episode's images; a movie is its own single episode. */
export function episodeLink(builders: UrlBuilders, kind: Kind, id: number): PageLink {
  if (kind === 'movie') return workLink(builders, kind, id);
  const source = builders.episodePageUrl({ type: 'episode', kind, id });
  return { page_path: pagePath('images', kind, id), source_url: source };
}
