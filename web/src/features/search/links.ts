import type { PageLink, SearchResult } from '@capshelf/contract';
import { linkedPath } from '../../lib/linkedPath';

/**
 * The images page of a movie (movies have no episode list); the search term rides along so the
 * history records the search, not 直接访问.
 */
export function movieImagesPath(movie: PageLink, title: string, searchTerm = ''): string {
  return linkedPath(movie, { isMovie: 'true', title, ...(searchTerm && { searchTerm }) });
}

/** Where a result leads: a movie straight to its images, a show to its episode list. */
export function resultPath(result: SearchResult, searchTerm: string): string {
  if (result.kind === 'movie') return movieImagesPath(result.link, result.title, searchTerm);
  return linkedPath(result.link, { title: result.title, searchTerm, contentType: result.kind });
}
