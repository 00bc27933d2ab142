import type { CacheGeneration } from '../images';
import type { Infrastructure } from '../infrastructure';
import type { CacheMeter } from '../site-health/cache-meter';
import type { Upstream, UserBudget } from '../upstream';
import { CrawlProgressStore } from './crawl-progress';
import { Directory } from './directory';
import { ListingCache } from './listing-cache';
import { ModePreferences } from './mode-preference';
import { CatalogService } from './service';

/** Search, episode lists and image listings over the source, and the directory of what was read. */
export function createCatalog(
  { config, db }: Infrastructure,
  deps: {
    upstream: Upstream;
    generation: CacheGeneration;
    meter: CacheMeter;
    userBudget: UserBudget;
  },
) {
  const { client, urls, builders, leases } = deps.upstream;
  const directory = new Directory(db.kysely, deps.generation);
  return {
    directory,
    catalog: new CatalogService({
      config,
      client,
      urls,
      builders,
      cache: new ListingCache(db.kysely, leases, deps.meter, deps.userBudget),
      directory,
      progress: new CrawlProgressStore(db.kysely),
    }),
    modes: new ModePreferences(db.kysely),
  };
}
