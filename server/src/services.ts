import cluster from 'node:cluster';
import { AuditLog } from './audit';
import { createAuth, RateLimits, type AuthService, type UserAdmin } from './auth';
import type { Background } from './background';
import { CacheAdmin } from './cache-admin';
import {
  createCatalog,
  EpisodeListAnswers,
  type CatalogService,
  type Directory,
  ListingAnswers,
  type ModePreferences,
} from './catalog';
import { runsJobs, type Config } from './config';
import { DatasetDrafts } from './dataset-drafts';
import { createTagger, ReviewTags, type DatasetReview, type ImageTagger } from './datasets';
import type { Db } from './db';
import {
  createDownloads,
  DownloadRepository,
  type DownloadRunner,
  type DownloadService,
  type NearDuplicateScan,
} from './downloads';
import { fromStorageFull, fromStoreUnavailable, fromUpstream, type AppError } from './errors';
import { FavoritesService, type ImageUrlParser } from './favorites';
import {
  createFollows,
  type FeedService,
  type FollowChecker,
  type FollowsService,
} from './follows';
import {
  createImages,
  type CacheEvictor,
  type CacheGeneration,
  type CachedImageRecords,
  type CdnHealth,
  type CdnPreferences,
  type ImageStore,
  type Statfs,
  type ThumbnailPrefetch,
  type ViewTracker,
} from './images';
import { createInfrastructure, type Infrastructure } from './infrastructure';
import { createLibrary, type HistoryService, type Libraries } from './library';
import type { Logger } from './logger';
import type { Mailer } from './mail';
import { createNotifications, type Notifications } from './notifications';
import { CacheMeter, createSiteHealth, type SiteHealthService } from './site-health';
import {
  createUpstream,
  UserBudget,
  type UpstreamClient,
  type UrlBuilders,
  type UrlModel,
} from './upstream';
import type { ChallengeSolver } from './upstream/challenge';
import type { ObjectStore } from './storage';
import { Titles, TitleTable } from './titles';
import { createShares, type SharesService } from './shares';
import type { Wakeups } from './wakeups';

/** Everything the HTTP layer and the command lines need, built once from the config. */
export interface Services {
  config: Config;
  logger: Logger;
  db: Db;
  background: Background;
  mailer: Mailer;
  /** Where images and archives are (`STORAGE`): the data folder, or a bucket every node shares. */
  storage: ObjectStore;
  /** Tells the background workers of every process that work was queued (LISTEN/NOTIFY on Postgres). */
  wakeups: Wakeups;
  auth: AuthService;
  /** Account administration (the admin API and `npm run users`). */
  userAdmin: UserAdmin;
  /** The admin's audit log; capabilities record their admin actions in it. */
  audit: AuditLog;
  upstream: UpstreamClient;
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
  /** Chinese and Japanese titles (bangumi-data): searches by a name the source cannot read. */
  titles: Titles;
  /** The episode list's answers: image counts and the work's Chinese name. */
  episodeAnswers: EpisodeListAnswers;
  downloads: DownloadService;
  /** 制作数据集: what a whole-work job would keep and drop. */
  datasetReview: DatasetReview;
  /** 制作数据集's tag editing: the stored tags of the review's frames, counted. */
  reviewTags: ReviewTags;
  /** Each user's saved reviews (制作数据集 drafts). */
  datasetDrafts: DatasetDrafts;
  downloadRunner: DownloadRunner;
  /** The grid's 隐藏相似帧: which of an episode's images repeat the frame before them. */
  nearDuplicates: NearDuplicateScan;
  /** The admin's WD14 tagger (TAGGER_MODEL); null when none is set. */
  tagger: ImageTagger | null;
  favorites: FavoritesService;
  /** Each user's share links, and what their visitors see. */
  shares: SharesService;
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

type Overrides = {
  logger?: Logger;
  mailer?: Mailer;
  alone?: boolean;
  /** Passes challenges instead of headless Chromium (tests). */
  solver?: ChallengeSolver;
  /** Reads the disk's free space instead of `fs.statfs` (tests: a full disk). */
  statfs?: Statfs;
  /** The time of follow checks (tests move it). */
  now?: () => number;
  /** Wake-ups of its own (the job-start bench's polling-only run: this process alone). */
  wakeups?: Wakeups;
};

export async function createServices(config: Config, overrides: Overrides = {}): Promise<Services> {
  // Before anything starts: a bad TITLES_FILE stops the start (ConfigError).
  const titleTable = new TitleTable(config.titlesFile);
  const infra = await createInfrastructure(config, overrides);
  const core = await createCore(infra, titleTable, overrides);
  const work = await createWork(infra, core, overrides);
  const { auth, upstream, images, browse } = core;
  const { urls, builders } = upstream;
  const { cache, cdn } = images;
  const { catalog, directory } = browse;
  const services: Services = {
    config,
    logger: infra.logger,
    db: infra.db,
    background: infra.background,
    mailer: infra.mailer,
    storage: infra.storage,
    wakeups: infra.wakeups,
    ...browse,
    titles: core.titles,
    episodeAnswers: new EpisodeListAnswers({ directory, builders, names: core.titles }),
    listingAnswers: new ListingAnswers({ cdn, records: cache.records, names: core.titles }),
    ...createLibrary(infra, {
      ...browse,
      ...images,
      records: cache.records,
      builders,
      names: core.titles,
    }),
    ...auth,
    audit: core.audit,
    upstream: upstream.client,
    urls,
    builders,
    images: cache.store,
    cacheAdmin: new CacheAdmin({
      catalog,
      directory,
      urls,
      images: cache.store,
      records: cache.records,
      evictor: cache.evictor,
      audit: core.audit,
      logger: infra.logger,
    }),
    evictor: cache.evictor,
    views: cache.views,
    imageRecords: cache.records,
    prefetch: images.prefetch,
    generation: images.generation,
    cdn,
    cdnHealth: images.cdnHealth,
    ...work,
    ...createCollections(infra, core, work.imageUrls),
    siteHealth: createSiteHealth(infra, {
      upstream,
      meter: core.meter,
      imageHosts: () => images.cdnHealth.imageHosts(),
    }),
    mapDomainError: (error) =>
      fromUpstream(error) ?? fromStorageFull(error) ?? fromStoreUnavailable(error),
    close: () => closeInOrder(services, cache),
  };
  return services;
}

/** Each user's favourites, and the share links that show pictures to people without an account. */
function createCollections(
  infra: Infrastructure,
  core: Awaited<ReturnType<typeof createCore>>,
  imageUrls: ImageUrlParser,
) {
  const { urls, builders } = core.upstream;
  const { catalog, directory } = core.browse;
  const favorites = new FavoritesService({
    db: infra.db.kysely,
    urls,
    builders,
    directory,
    cdn: core.images.cdn,
    imageUrls,
    names: core.titles,
  });
  const shares = createShares({
    db: infra.db.kysely,
    config: infra.config,
    catalog,
    directory,
    favorites,
    audit: core.audit,
    now: infra.now,
  });
  return { favorites, shares };
}

/** Accounts, the source site, the image cache and the catalogue over them. */
async function createCore(infra: Infrastructure, titleTable: TitleTable, overrides: Overrides) {
  const { config, db } = infra;
  const audit = new AuditLog(db.kysely);
  const auth = await createAuth(infra, audit);
  const upstream = createUpstream(infra, overrides.solver);
  const meter = new CacheMeter();
  // Per-user limits on uncached listings, near-duplicate scans and images, counted with the login
  // limits' table.
  const userBudget = new UserBudget(new RateLimits(db.kysely), config.userBudget);
  const downloadRepo = new DownloadRepository(db.kysely);
  const images = createImages(infra, {
    upstream,
    meter,
    needs: () => downloadRepo.unfinishedNeeds(),
    budget: userBudget,
    statfs: overrides.statfs,
  });
  // With WORKERS, the primary sweeps half-written files once and the workers do not walk it again.
  images.cache.start({ sweepTemporaries: cluster.isPrimary });
  const browse = createCatalog(infra, {
    upstream,
    meter,
    userBudget,
    generation: images.generation,
  });
  const { catalog } = browse;
  const titles = new Titles(titleTable, { db: db.kysely, catalog, audit, logger: infra.logger });
  return { audit, auth, upstream, meter, userBudget, downloadRepo, images, browse, titles };
}

/** What runs in the background for users: downloads, follows and the notifications they send. */
async function createWork(
  infra: Infrastructure,
  core: Awaited<ReturnType<typeof createCore>>,
  overrides: Overrides,
) {
  const { config, db, logger, now, mailer, wakeups, storage } = infra;
  const { urls, builders } = core.upstream;
  const { catalog, directory } = core.browse;
  // Before anything starts: a wrong model or tag list stops the start (ConfigError).
  const tagger = config.tagger && (await createTagger(config.tagger, db.kysely, logger));
  const notify = createNotifications({
    db: db.kysely,
    config,
    mailer,
    builders,
    logger,
    now,
    wakeups,
  });
  const downloads = await createDownloads({
    db: db.kysely,
    dialect: db.dialect,
    config,
    repo: core.downloadRepo,
    store: core.images.cache.store,
    storage,
    catalog,
    directory,
    urls,
    builders,
    budget: core.userBudget,
    logger,
    statfs: overrides.statfs,
    alone: overrides.alone,
    tagger,
    notify: (event, taskId) => notify.service.download(event, taskId),
    notifyQuota: (userId, figures) => notify.service.queueQuotaNotice(userId, figures),
    wakeups,
  });
  const follows = createFollows({
    db: db.kysely,
    config,
    catalog,
    urls,
    builders,
    prefetch: core.images.prefetch,
    downloads: downloads.service,
    titles: core.titles.works,
    logger,
    now,
    notify: (work, added) => notify.service.newEpisodes(work, added),
    wakeups,
  });
  // The jobs run where the role says (ROLE=web only serves and queues them for the workers). The
  // runner first takes up the tasks left from the last run.
  if (runsJobs(config.role)) {
    await downloads.runner.start();
    follows.checker.start();
    notify.worker.start();
  }
  return {
    tagger,
    notifications: notify,
    downloads: downloads.service,
    datasetReview: downloads.review,
    reviewTags: new ReviewTags(tagger),
    datasetDrafts: new DatasetDrafts(db.kysely, now),
    downloadRunner: downloads.runner,
    nearDuplicates: downloads.nearDuplicates,
    imageUrls: downloads.parser,
    follows: follows.follows,
    followChecker: follows.checker,
    feed: follows.feed,
  };
}

/**
 * Stops the background work first (so nothing new starts), then waits for what is running, and
 * closes the client and the database last.
 */
async function closeInOrder(services: Services, cache: { stop(): Promise<void> }) {
  services.auth.stopSweeps();
  await services.followChecker.stop();
  await services.prefetch.stop();
  await services.downloadRunner.stop();
  await services.notifications.worker.stop();
  await services.background.idle();
  // Fetches a stopped job or a closed request started still write their files.
  await services.images.idle();
  await cache.stop();
  await services.upstream.close();
  // After the workers, whose last acts may still wake others.
  await services.wakeups.stop();
  await services.db.close();
}
