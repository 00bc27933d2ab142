import type { SearchResult } from '@capshelf/contract';
import { linkedPath } from '../../lib/linkedPath';

/**
 * Where a result leads: a movie straight to its images, a show to its episode list. The search
 * term rides along (the way back, and the history records the search, not 直接访问); a result a
 * Chinese name found carries that name's entry (`zh`), which the page hands to the server.
 */
export function resultPath(result: SearchResult, searchTerm: string): string {
  return linkedPath(result.link, { q: searchTerm, zh: result.title_ref });
}
