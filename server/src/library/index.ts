import type { Kysely } from 'kysely';
import type { Directory } from '../catalog';
import type { Database } from '../db';
import type { CachedImageRecords, CacheGeneration, CdnPreferences } from '../images';
import type { UrlBuilders } from '../upstream';
import { CacheLibrary } from './cache-library';
import type { HistoryStore } from './history-store';
import { SearchLibrary } from './search-library';

export { HistoryService, type VisitInput } from './history';
export { HistoryStore, type HistoryVisit } from './history-store';
export { CacheLibrary } from './cache-library';
export { SearchLibrary } from './search-library';

export interface Libraries {
  /** The shared image cache: local and categorized libraries. */
  cache: CacheLibrary;
  /** Each user's own browsing history. */
  search: SearchLibrary;
}

export function createLibraries(deps: {
  db: Kysely<Database>;
  records: CachedImageRecords;
  history: HistoryStore;
  directory: Directory;
  cdn: CdnPreferences;
  builders: UrlBuilders;
  generation: CacheGeneration;
}): Libraries {
  return { cache: new CacheLibrary(deps), search: new SearchLibrary(deps) };
}
