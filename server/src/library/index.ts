import type { Kysely } from 'kysely';
import type { Directory } from '../catalog';
import type { Database } from '../db';
import type { CachedImageRecords, CacheGeneration, CdnPreferences } from '../images';
import type { UrlBuilders } from '../upstream';
import { CacheLibrary } from './cache-library';
import type { HistoryStore } from './history-store';
import { RecentSearchStore } from './recent-search-store';
import { RecentSearches } from './recent-searches';
import { SearchLibrary } from './search-library';

export { HistoryService, type VisitInput } from './history';
export { HistoryStore, type HistoryVisit } from './history-store';
export { CacheLibrary } from './cache-library';
export { SearchLibrary } from './search-library';
export { RecentSearches } from './recent-searches';
export { recentSearchRoutes } from './recent-search-routes';

export interface Libraries {
  /** Local and categorized libraries: each user's opened episodes over the shared files. */
  cache: CacheLibrary;
  /** Each user's own browsing history. */
  search: SearchLibrary;
  /** Each user's own recent searches and suggestions. */
  recent: RecentSearches;
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
  return {
    cache: new CacheLibrary(deps),
    search: new SearchLibrary(deps),
    recent: new RecentSearches(new RecentSearchStore(deps.db)),
  };
}
