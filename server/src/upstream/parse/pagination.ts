import type { CheerioAPI } from 'cheerio';
import { pageFromQuery } from '../ids';
import type { Scope } from './dom';
import { cleanText } from './dom';

export interface Pagination {
  /** The page that was asked for. */
  requestedPage: number;
  /** The page the site says it shows (`li.active`); null where the pager has none (show pages). */
  activePage: number | null;
  /** Whether the »/Next link leads to a later page (it is `#` or missing on the last one). */
  hasNext: boolean;
  /**
   * The highest page number the pager links to (or this page): the listing has at least this
   * many pages. The pager shows a window of five, so it never reveals the last page from afar.
   */
  pagesAtLeast: number;
}

const NEXT_TEXT = /^(?:»|›|next\b)/i;

function pageOfHref(href: string | undefined): number | null {
  const query = href?.split('?')[1];
  return query === undefined ? null : pageFromQuery(query);
}

/**
 * Reads `ul.pagination` (episodes, movies) or `ul.pager` (shows) inside the scope. A page
 * without either has no next page.
 */
export function readPagination($: CheerioAPI, scope: Scope, requestedPage: number): Pagination {
  const list = scope.find('ul.pagination, ul.pager').first();
  const active = /^\d+$/.exec(cleanText(list.find('li.active').first().text()))?.[0];
  const activePage = active === undefined ? null : Number(active);
  const next = list
    .find('a')
    .filter(
      (_, a) => NEXT_TEXT.test(cleanText($(a).text())) || /next/i.test($(a).attr('title') ?? ''),
    )
    .first();
  // A »/Next link pointing back at this page or earlier is as good as `#`.
  const nextPage = pageOfHref(next.attr('href'));
  const listed = list
    .find('li')
    .map((_, li) => Number(/^\d+$/.exec(cleanText($(li).text()))?.[0] ?? 0))
    .get();
  return {
    requestedPage,
    activePage,
    hasNext: nextPage !== null && nextPage > (activePage ?? requestedPage),
    pagesAtLeast: Math.max(activePage ?? requestedPage, ...listed),
  };
}
