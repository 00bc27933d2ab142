import { withPageQuery, type PageLink } from '@capshelf/contract';

/**
 * A page the server linked (`link.page_path`: `/episodes/<kind>/<id>`, `/images/<kind>/<id>`),
 * with the only query the page keeps: `q`, the search it was opened from, and `zh`, the
 * title-table entry of a Chinese query. Titles come from the API answers, never the address.
 */
export function linkedPath(link: PageLink, query: { q?: string | null; zh?: string | null } = {}) {
  return withPageQuery(link.page_path, query);
}
