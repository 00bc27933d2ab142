import type { PageLink } from '@capshelf/contract';

/**
 * A page the server linked (`link.page_path`: it alone knows the source site's forms), with the
 * page's own query parameters: title, searchTerm, contentType, isMovie, workTitle, episodeTitle.
 */
export function linkedPath(link: PageLink, query: Record<string, string>): string {
  return `${link.page_path}?${new URLSearchParams(query)}`;
}
