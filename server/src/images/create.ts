import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db';
import type { Infrastructure } from '../infrastructure';
import type { Logger } from '../logger';
import type { ObjectStore } from '../storage';
import type { CacheMeter } from '../site-health/cache-meter';
import type { FetchLeases, Upstream, UpstreamClient, UrlBuilders, UserBudget } from '../upstream';
import { CdnPreferences } from './cdn';
import { CdnHealth } from './cdn-health';
import { CacheEvictor, type Statfs, type TaskNeeds } from './eviction';
import { FavoritePins } from './favorite-pins';
import { ImageFiles } from './files';
import { CacheGeneration } from './generation';
import { HostDownStore } from './host-down-store';
import { ImageHostHealth } from './host-health';
import { LeastViewed } from './least-viewed';
import { ThumbnailPrefetch } from './prefetch';
import { CachedImageRecords } from './records';
import { ImageStore } from './store';
import { ViewTracker } from './views';

/**
 * The image cache and its upkeep, built together: the store, its files and rows, the image hosts'
 * health, the views it notes and the eviction that keeps it under `CACHE_MAX_SIZE` and above
 * `CACHE_MIN_FREE`. `start()` begins the upkeep's timers (and the sweep of half-written files), `stop()` ends them after a last flush.
 */
export function createImageCache(deps: {
  db: Kysely<Database>;
  config: Config;
  /** Where the image files are (a local folder, or a bucket every node shares). */
  storage: ObjectStore;
  client: UpstreamClient;
  builders: UrlBuilders;
  generation: CacheGeneration;
  leases: FetchLeases;
  meter: CacheMeter;
  logger: Logger;
  /** What unfinished download tasks need (never evicted). */
  needs: TaskNeeds;
  /** Each user's budget of images fetched for their own requests. */
  budget?: UserBudget;
  statfs?: Statfs;
}) {
  const { db, config, generation } = deps;
  const logger = deps.logger.child({ module: 'cache' });
  const records = new CachedImageRecords(db);
  const files = new ImageFiles(deps.storage);
  // Shared by every process on the database: one process's learning spares the others' requests.
  const hostHealth = new ImageHostHealth(new HostDownStore(db));
  const views = new ViewTracker(db, logger);
  const evictor = new CacheEvictor({
    records,
    files,
    leastViewed: new LeastViewed(db, new FavoritePins(db, config.cache.favoritePinMaxBytes)),
    needs: deps.needs,
    forget: (kind, id) => store.forget(kind, id),
    generation,
    views,
    logger,
    settings: {
      maxBytes: config.cache.maxBytes,
      // Images in a bucket take no room on this machine's disk: evicting them would free none.
      minFreeBytes: deps.storage.kind === 'local' ? config.cache.minFreeBytes : 0,
      dir: config.dataDir,
      statfs: deps.statfs,
    },
  });
  const store = new ImageStore({
    records,
    files,
    client: deps.client,
    builders: deps.builders,
    generation,
    leases: deps.leases,
    meter: deps.meter,
    hostHealth,
    views,
    evictor,
    budget: deps.budget,
  });
  return {
    records,
    files,
    hostHealth,
    views,
    evictor,
    store,
    /** Half-written files a crash left are swept in the background: nothing waits for the walk. */
    start({ sweepTemporaries }: { sweepTemporaries: boolean }) {
      views.start();
      evictor.start();
      if (!sweepTemporaries) return;
      files.removeStaleTemporaries().then(
        (removed) => removed > 0 && logger.info({ removed }, 'removed half-written image files'),
        (err: unknown) => logger.warn({ err }, 'could not look for half-written image files'),
      );
    },
    async stop() {
      await evictor.stop();
      await views.stop();
    },
  };
}

/**
 * The images capability: the cache and its upkeep, each user's CDN preference and the hosts'
 * health, and the background fetch of a listing's thumbnails.
 */
export function createImages(
  { db, config, logger, storage }: Infrastructure,
  deps: {
    upstream: Upstream;
    meter: CacheMeter;
    needs: TaskNeeds;
    budget: UserBudget;
    statfs?: Statfs;
  },
) {
  const { client, builders, leases } = deps.upstream;
  const generation = new CacheGeneration(db.kysely);
  const cache = createImageCache({
    db: db.kysely,
    config,
    storage,
    client,
    builders,
    generation,
    leases,
    logger,
    meter: deps.meter,
    needs: deps.needs,
    budget: deps.budget,
    statfs: deps.statfs,
  });
  const cdn = new CdnPreferences(db.kysely);
  return {
    cache,
    generation,
    cdn,
    cdnHealth: new CdnHealth({ preferences: cdn, config, client, hostHealth: cache.hostHealth }),
    prefetch: new ThumbnailPrefetch(cache.store, config.cache.prefetchThumbnails),
  };
}
