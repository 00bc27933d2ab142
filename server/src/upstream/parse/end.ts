import type { EpisodePage } from './episode';
import type { MoviePage } from './movie';
import type { ShowPage } from './show';

export type ListingPage = ShowPage | EpisodePage | MoviePage;

export type EndSignal = 'no-next' | 'active-mismatch' | 'empty' | 'no-new-ids';

/** Episode ids of a show page, image ids of an episode or movie page. */
export function listingIds(page: ListingPage): number[] {
  return 'episodes' in page ? page.episodes.map((episode) => episode.id) : page.imageIds;
}

/**
 * Every sign that no page follows this one: » is `#` or missing; the site shows another page
 * than asked for (movies past the end repeat the last page); nothing on it; nothing new on it.
 */
export function endSignals(page: ListingPage, previouslySeenIds: ReadonlySet<number>): EndSignal[] {
  const { requestedPage, activePage, hasNext } = page.pagination;
  const ids = listingIds(page);
  const signals: EndSignal[] = [];
  if (!hasNext) signals.push('no-next');
  if (activePage !== null && activePage !== requestedPage) signals.push('active-mismatch');
  if (ids.length === 0) signals.push('empty');
  else if (ids.every((id) => previouslySeenIds.has(id))) signals.push('no-new-ids');
  return signals;
}

export function isLastPage(page: ListingPage, previouslySeenIds: ReadonlySet<number>): boolean {
  return endSignals(page, previouslySeenIds).length > 0;
}
