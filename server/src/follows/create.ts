import type { Kysely } from 'kysely';
import { RateLimits } from '../auth/rate-limits';
import type { CatalogService } from '../catalog';
import type { Config } from '../config';
import type { Database } from '../db';
import type { DownloadService } from '../downloads';
import type { ThumbnailPrefetch } from '../images';
import type { Logger } from '../logger';
import type { UrlBuilders, UrlModel } from '../upstream';
import type { Wakeups } from '../wakeups';
import { CheckStore } from './check-store';
import { FollowChecker, type NewEpisodesHandler } from './checker';
import { FollowDelivery } from './delivery';
import { FeedService } from './feed';
import { FeedStore } from './feed-store';
import type { FollowTitles } from './follow-titles';
import { FollowsService } from './service';
import { FollowStore } from './store';

/**
 * The follows capability: each user's follows and feed, and the checks (started by `services.ts`
 * where the process runs jobs).
 */
export function createFollows(deps: {
  db: Kysely<Database>;
  config: Config;
  catalog: CatalogService;
  urls: UrlModel;
  builders: UrlBuilders;
  prefetch: ThumbnailPrefetch;
  downloads: DownloadService;
  /** The works' title-table entries: Chinese names, and checks timed to broadcasts. */
  titles: FollowTitles;
  logger: Logger;
  /** The time of checks and follows (tests move it). */
  now: () => number;
  /** Queues the followers' notifications of a work's new episodes. */
  notify?: NewEpisodesHandler;
  wakeups: Wakeups;
}) {
  const { db, config, catalog, urls, builders, titles, now } = deps;
  const schedule = config.follows;
  const logger = deps.logger.child({ module: 'follows' });
  const checks = new CheckStore(db);
  const delivery = new FollowDelivery({
    store: checks,
    catalog,
    builders,
    prefetch: deps.prefetch,
    downloads: deps.downloads,
    logger,
    notify: deps.notify,
  });
  const checker = new FollowChecker({
    store: checks,
    catalog,
    builders,
    now,
    logger,
    schedule,
    titles,
    onNewEpisodes: (work, added) => delivery.deliver(work, added),
    wakeups: deps.wakeups,
  });
  return {
    follows: new FollowsService({
      store: new FollowStore(db),
      catalog,
      urls,
      builders,
      now,
      schedule,
      titles,
      checker,
      limits: new RateLimits(db),
      wakeups: deps.wakeups,
      logger,
    }),
    checker,
    feed: new FeedService({ store: new FeedStore(db), builders, publicUrl: config.publicUrl, now }),
  };
}
