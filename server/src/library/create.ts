import type { Kysely } from 'kysely';
import type { CatalogService, Directory, WorkNamer } from '../catalog';
import type { Database } from '../db';
import type { CacheGeneration, CachedImageRecords, CdnPreferences } from '../images';
import type { Infrastructure } from '../infrastructure';
import type { UrlBuilders } from '../upstream';
import { HistoryService } from './history';
import { HistoryStore } from './history-store';
import { CacheLibrary } from './cache-library';
import { RecentSearchStore } from './recent-search-store';
import { RecentSearches } from './recent-searches';
import { SearchLibrary } from './search-library';

export interface Libraries {
  /** Local and categorized libraries: each user's opened episodes over the shared files. */
  cache: CacheLibrary;
  /** Each user's own browsing history. */
  search: SearchLibrary;
  /** Each user's own recent searches and suggestions. */
  recent: RecentSearches;
}

function createLibraries(deps: {
  db: Kysely<Database>;
  records: CachedImageRecords;
  history: HistoryStore;
  directory: Directory;
  cdn: CdnPreferences;
  builders: UrlBuilders;
  generation: CacheGeneration;
  names: Pick<WorkNamer, 'namesOf'>;
}): Libraries {
  return {
    cache: new CacheLibrary(deps),
    search: new SearchLibrary(deps),
    recent: new RecentSearches(new RecentSearchStore(deps.db)),
  };
}

/** The libraries over the cache and each user's history of visits and searches. */
export function createLibrary(
  { db }: Infrastructure,
  deps: {
    catalog: CatalogService;
    directory: Directory;
    records: CachedImageRecords;
    cdn: CdnPreferences;
    builders: UrlBuilders;
    generation: CacheGeneration;
    names: Pick<WorkNamer, 'namesOf'>;
  },
) {
  const { catalog, directory, records, cdn, builders, generation, names } = deps;
  const store = new HistoryStore(db.kysely);
  return {
    history: new HistoryService({ store, catalog, directory }),
    libraries: createLibraries({
      db: db.kysely,
      records,
      history: store,
      directory,
      cdn,
      builders,
      generation,
      names,
    }),
  };
}
