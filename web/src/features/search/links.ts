import type { SearchResult } from '@capshelf/contract';

/** The images page of a movie (spec §2: movies have no episode list). */
export function movieImagesPath(movieUrl: string, title: string): string {
  return `/images/${encodeURIComponent(movieUrl)}?${new URLSearchParams({ isMovie: 'true', title })}`;
}

/** Where a result leads: a movie straight to its images, a show to its episodes by URL query part. */
export function resultPath(result: SearchResult, searchTerm: string): string {
  if (result.content_type === 'Movie') return movieImagesPath(result.url, result.title);
  const mark = result.url.indexOf('?');
  const showId = mark === -1 ? result.url : result.url.slice(mark + 1);
  const query = new URLSearchParams({
    title: result.title,
    searchTerm,
    contentType: result.content_type === 'TV' ? 'tv' : 'anime',
  });
  return `/episodes/${encodeURIComponent(showId)}?${query}`;
}
