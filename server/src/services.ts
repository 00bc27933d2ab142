import cluster from 'node:cluster';
import { AuditLog } from './audit';
import { AuthService, ensureAdmin, RateLimits, UserAdmin } from './auth';
import { Background } from './background';
import {
  CatalogService,
  CrawlProgressStore,
  Directory,
  ListingAnswers,
  ListingCache,
  ModePreferences,
} from './catalog';
import type { Config } from './config';
import { createTagger, type DatasetReview, type ImageTagger } from './datasets';
import { connectDb, migrateToLatest, type Db } from './db';
import {
  createDownloads,
  DownloadRepository,
  type DownloadRunner,
  type DownloadService,
} from './downloads';
import { fromStorageFull, fromUpstream, type AppError } from './errors';
import { FavoritesService } from './favorites';
import {
  createFollows,
  type FeedService,
  type FollowChecker,
  type FollowsService,
} from './follows';
import type { CacheEvictor, CachedImageRecords, ImageStore, ViewTracker } from './images';
import { CacheAdmin } from './cache-admin';
import {
  CacheGeneration,
  CdnHealth,
  CdnPreferences,
  createImageCache,
  ThumbnailPrefetch,
  type Statfs,
} from './images';
import { createLibraries, HistoryService, HistoryStore, type Libraries } from './library';
import { createLogger, type Logger } from './logger';
import { createMailer, type Mailer } from './mail';
import { createNotifications, type Notifications } from './notifications';
import { CacheMeter, SiteHealthService } from './site-health';
import {
  createUpstreamClient,
  createUrlBuilders,
  databaseHostStore,
  FetchLeases,
  createUrlModel,
  type UpstreamClient,
  type UrlBuilders,
  type UrlModel,
  UserBudget,
} from './upstream';
import {
  ClearanceGate,
  configuredSolver,
  CredentialsStore,
  chromiumInstalled,
  startIdentityCheck,
  type ChallengeSolver,
} from './upstream/challenge';

/** Everything the HTTP layer and the command lines need, built once from the config. */
export interface Services {
  config: Config;
  logger: Logger;
  db: Db;
  background: Background;
  mailer: Mailer;
  auth: AuthService;
  /** Account administration (the admin API and `npm run users`). */
  userAdmin: UserAdmin;
  /** The admin's audit log; capabilities record their admin actions in it. */
  audit: AuditLog;
  upstream: UpstreamClient;
  userBudget: UserBudget;
  urls: UrlModel;
  builders: UrlBuilders;
  directory: Directory;
  catalog: CatalogService;
  /** Image listings as each user reads them (their CDN preference). */
  listingAnswers: ListingAnswers;
  /** Each user's last episode mode (smart or fast). */
  modes: ModePreferences;
  images: ImageStore;
  /** The admin's changes to the shared caches (deletion, eviction) and the cache's overview. */
  cacheAdmin: CacheAdmin;
  /** Keeps the image cache under `CACHE_MAX_SIZE` and above `CACHE_MIN_FREE`. */
  evictor: CacheEvictor;
  /** When each cached file was last viewed, written down in batches. */
  views: ViewTracker;
  /** What the image cache holds: totals, an episode's files, a sample. */
  imageRecords: CachedImageRecords;
  prefetch: ThumbnailPrefetch;
  /** Changes with every change to the image cache (answers over the whole cache key on it). */
  generation: CacheGeneration;
  cdn: CdnPreferences;
  /** The image hosts' health (the CDN status and the site-health page). */
  cdnHealth: CdnHealth;
  history: HistoryService;
  libraries: Libraries;
  downloads: DownloadService;
  /** 制作数据集: what a whole-work job would keep and drop. */
  datasetReview: DatasetReview;
  downloadRunner: DownloadRunner;
  /** The admin's WD14 tagger (TAGGER_MODEL); null when none is set. */
  tagger: ImageTagger | null;
  favorites: FavoritesService;
  /** Each user's followed works, and the shared checks that find their new episodes. */
  follows: FollowsService;
  followChecker: FollowChecker;
  /** Each user's personal Atom feed of their follows' new episodes. */
  feed: FeedService;
  /** Each user's notification channels, and the worker that sends what is queued for them. */
  notifications: Notifications;
  siteHealth: SiteHealthService;
  /** Turns errors of the domain modules (e.g. upstream failures) into API errors. */
  mapDomainError(error: unknown): AppError | null;
  close(): Promise<void>;
}

export async function createServices(
  config: Config,
  overrides: {
    logger?: Logger;
    mailer?: Mailer;
    alone?: boolean;
    /** Passes challenges instead of headless Chromium (tests). */
    solver?: ChallengeSolver;
    /** Reads the disk's free space instead of `fs.statfs` (tests: a full disk). */
    statfs?: Statfs;
    /** The time of follow checks (tests move it). */
    now?: () => number;
  } = {},
): Promise<Services> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const db = connectDb({
    databaseUrl: config.databaseUrl,
    sqlitePath: config.sqlitePath,
    onIdleError: (error) => logger.warn({ err: error }, 'an idle database connection closed'),
  });
  await migrateToLatest(db);
  // Before anything starts: a wrong model or tag list stops the start (ConfigError).
  const tagger = config.tagger && (await createTagger(config.tagger, db.kysely));
  const background = new Background(logger);
  const mailer = overrides.mailer ?? createMailer(config.mail, logger);
  const auth = new AuthService(db, config, mailer, background);
  await ensureAdmin(auth.users, config, logger);
  auth.startSweeps();

  // Every process on this database fetches each listing or image once, however many processes
  // are asked for it at once, and passes a challenge once.
  const leases = new FetchLeases(db.kysely);
  const { challenge, cookie, userAgent } = config.upstream;
  const urls = createUrlModel(config.upstream);
  const clearance = new ClearanceGate({
    store: new CredentialsStore(db.kysely),
    leases,
    solver:
      challenge.solver === 'off'
        ? null
        : (overrides.solver ?? configuredSolver(config.upstream, (url) => urls.isAllowed(url))),
    environment: cookie ? { cookie, userAgent } : null,
    logger: logger.child({ module: 'challenge' }),
  });
  const identity = startIdentityCheck(config.upstream, logger.child({ module: 'challenge' }));
  const upstream = createUpstreamClient(config.upstream, {
    logger: logger.child({ module: 'upstream' }),
    // ...paces and cools down the source hosts together.
    shared: databaseHostStore(db.kysely),
    clearance,
  });
  const meter = new CacheMeter();
  // Per-user limits on uncached listings and near-duplicate scans, counted with the login limits' table.
  const userBudget = new UserBudget(new RateLimits(db.kysely), config.userBudget);
  const builders = createUrlBuilders(config.upstream);
  const generation = new CacheGeneration(db.kysely);
  const directory = new Directory(db.kysely, generation);
  const catalog = new CatalogService({
    config,
    client: upstream,
    urls,
    builders,
    cache: new ListingCache(db.kysely, leases, meter, userBudget),
    directory,
    progress: new CrawlProgressStore(db.kysely),
  });
  const downloadRepo = new DownloadRepository(db.kysely);
  const cache = createImageCache({
    ...{ db: db.kysely, config, client: upstream, builders, generation, leases, meter, logger },
    needs: () => downloadRepo.unfinishedNeeds(),
    statfs: overrides.statfs,
  });
  const { records: imageRecords, hostHealth: imageHosts, store: images } = cache;
  // With WORKERS, the primary sweeps half-written files once and the workers do not walk it again.
  cache.start({ sweepTemporaries: cluster.isPrimary });
  const prefetch = new ThumbnailPrefetch(images, config.cache.prefetchThumbnails);
  const now = overrides.now ?? Date.now;
  const notify = createNotifications({ db: db.kysely, config, mailer, builders, logger, now });
  const {
    runner: downloadRunner,
    parser: imageUrls,
    service: downloads,
    review: datasetReview,
  } = await createDownloads({
    ...{ db: db.kysely, dialect: db.dialect, config, repo: downloadRepo, store: images, catalog },
    ...{ directory, urls, builders, logger, statfs: overrides.statfs, alone: overrides.alone },
    tagger,
    notify: (event, taskId) => notify.service.download(event, taskId),
  });
  const cdn = new CdnPreferences(db.kysely);
  const cdnHealth = new CdnHealth({
    preferences: cdn,
    config,
    client: upstream,
    hostHealth: imageHosts,
  });
  const historyStore = new HistoryStore(db.kysely);
  const history = new HistoryService({ store: historyStore, catalog, directory });
  const favorites = new FavoritesService({
    db: db.kysely,
    urls,
    builders,
    directory,
    cdn,
    imageUrls,
  });

  const audit = new AuditLog(db.kysely);
  const follows = createFollows({
    ...{ db: db.kysely, config, catalog, urls, builders, prefetch, downloads, logger },
    ...{ now, notify: (work, added) => notify.service.newEpisodes(work, added) },
  });

  return {
    config,
    logger,
    db,
    background,
    mailer,
    auth,
    userAdmin: new UserAdmin(auth.users, auth.sessions, audit),
    audit,
    upstream,
    userBudget,
    urls,
    builders,
    directory,
    catalog,
    listingAnswers: new ListingAnswers({ cdn, records: imageRecords }),
    modes: new ModePreferences(db.kysely),
    images,
    cacheAdmin: new CacheAdmin({
      ...{ catalog, directory, urls, images, records: imageRecords, evictor: cache.evictor, audit },
    }),
    evictor: cache.evictor,
    views: cache.views,
    imageRecords,
    prefetch,
    generation,
    cdn,
    cdnHealth,
    history,
    libraries: createLibraries({
      ...{ db: db.kysely, records: imageRecords, history: historyStore, directory },
      ...{ cdn, builders, generation },
    }),
    downloads,
    datasetReview,
    downloadRunner,
    tagger,
    favorites,
    follows: follows.follows,
    followChecker: follows.checker,
    feed: follows.feed,
    notifications: notify,
    siteHealth: new SiteHealthService({
      config,
      client: upstream,
      gate: clearance,
      meter,
      browserInstalled: () => chromiumInstalled(),
      imageHosts: () => cdnHealth.imageHosts(),
      identity,
    }),
    mapDomainError: (error) => fromUpstream(error) ?? fromStorageFull(error),
    async close() {
      auth.stopSweeps();
      await follows.checker.stop();
      await prefetch.stop();
      await downloadRunner.stop();
      await notify.worker.stop();
      await background.idle();
      // Fetches a stopped job or a closed request started still write their files.
      await images.idle();
      await cache.stop();
      await upstream.close();
      await db.close();
    },
  };
}
