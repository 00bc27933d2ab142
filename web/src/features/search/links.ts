import type { PageLink, SearchResult } from '@capshelf/contract';
import { linkedPath } from '../../lib/linkedPath';

/**
 * The images page of a movie (movies have no episode list); the search term rides along so the
 * history records the search, not 直接访问.
 */
export function movieImagesPath(
  movie: PageLink,
  title: string,
  searchTerm = '',
  titleRef?: string | null,
): string {
  return linkedPath(movie, {
    isMovie: 'true',
    title,
    ...(searchTerm && { searchTerm }),
    ...(titleRef && { zh: titleRef }),
  });
}

/**
 * Where a result leads: a movie straight to its images, a show to its episode list. A result a
 * Chinese name found carries that name's entry (`zh`), which the page hands to the server.
 */
export function resultPath(result: SearchResult, searchTerm: string): string {
  const { title, kind, title_ref: titleRef } = result;
  if (kind === 'movie') return movieImagesPath(result.link, title, searchTerm, titleRef);
  return linkedPath(result.link, {
    title,
    searchTerm,
    contentType: kind,
    ...(titleRef && { zh: titleRef }),
  });
}
