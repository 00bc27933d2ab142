import type { SearchResult } from '@capshelf/contract';

/**
 * The images page of a movie (spec §2: movies have no episode list); the search term rides along
 * so the history records the search, not 直接访问.
 */
export function movieImagesPath(movieUrl: string, title: string, searchTerm = ''): string {
  const query = new URLSearchParams({ isMovie: 'true', title });
  if (searchTerm) query.set('searchTerm', searchTerm);
  return `/images/${encodeURIComponent(movieUrl)}?${query}`;
}

/** The episode page's show id: the query part of a show URL (spec §2). */
export function showIdOf(showUrl: string): string {
  const mark = showUrl.indexOf('?');
  return mark === -1 ? showUrl : showUrl.slice(mark + 1);
}

/** Where a result leads: a movie straight to its images, a show to its episodes by URL query part. */
export function resultPath(result: SearchResult, searchTerm: string): string {
  if (result.content_type === 'Movie') {
    return movieImagesPath(result.url, result.title, searchTerm);
  }
  const showId = showIdOf(result.url);
  const query = new URLSearchParams({
    title: result.title,
    searchTerm,
    contentType: result.content_type === 'TV' ? 'tv' : 'anime',
  });
  return `/episodes/${encodeURIComponent(showId)}?${query}`;
}
