import type { SearchResult } from '@capshelf/contract';

/** The images page of a movie (spec §2: movies have no episode list). */
export function movieImagesPath(movieUrl: string, title: string): string {
  return `/images/${encodeURIComponent(movieUrl)}?${new URLSearchParams({ isMovie: 'true', title })}`;
}

/** The episode page's show id: the query part of a show URL (spec §2). */
export function showIdOf(showUrl: string): string {
  const mark = showUrl.indexOf('?');
  return mark === -1 ? showUrl : showUrl.slice(mark + 1);
}

/** Where a result leads: a movie straight to its images, a show to its episodes by URL query part. */
export function resultPath(result: SearchResult, searchTerm: string): string {
  if (result.content_type === 'Movie') return movieImagesPath(result.url, result.title);
  const showId = showIdOf(result.url);
  const query = new URLSearchParams({
    title: result.title,
    searchTerm,
    contentType: result.content_type === 'TV' ? 'tv' : 'anime',
  });
  return `/episodes/${encodeURIComponent(showId)}?${query}`;
}
