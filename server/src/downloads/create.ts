import type { Kysely } from 'kysely';
import type { CatalogService, Directory } from '../catalog';
import type { Config } from '../config';
import { DatasetReview, type ImageTagger } from '../datasets';
import type { Database } from '../db';
import { ImageSizes, type ImageStore, type Statfs } from '../images';
import { LibraryFolder } from '../library-folder';
import type { Logger } from '../logger';
import type { ObjectStore } from '../storage';
import type { UrlBuilders, UrlModel, UserBudget } from '../upstream';
import type { Wakeups } from '../wakeups';
import { Archives } from './archives';
import { WorkEstimator } from './estimate';
import { DownloadItemParser } from './items';
import { DownloadJob, type TaskPlace } from './job';
import { KeptArchives, type QuotaNotifier } from './kept';
import { stemOf } from './names';
import type { DownloadRow } from './rows';
import { taskSpecOf } from './task-spec';
import { NearDuplicateScan } from './near-duplicates';
import { DownloadQueue } from './queue';
import type { DownloadRepository } from './repository';
import { DownloadRunner, type TaskNotifier } from './runner';
import { DownloadService } from './service';
import { WorkResolver } from './work-scope';

/**
 * The download capability built whole: the runner with its job, the item parser (this server's
 * and the source site's image URLs, as downloads and favourites take them), the service, and the
 * grid's near-duplicate scan (charged to the user's scan limit).
 * The runner is not started here: `services.ts` starts it where the process runs jobs (ROLE), and
 * the tasks left from the last run resume then. The dataset
 * review (制作数据集) is built here too, given the job's `WorkResolver`: it reads the work exactly
 * as the job does.
 */
export async function createDownloads(deps: {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  config: Config;
  repo: DownloadRepository;
  store: ImageStore;
  /** Where archives go (beside the cached images: a local folder or the shared bucket). */
  storage: ObjectStore;
  catalog: CatalogService;
  directory: Directory;
  urls: UrlModel;
  builders: UrlBuilders;
  /** Each user's limit on scans, which the grid's near-duplicate scan is charged to. */
  budget: UserBudget;
  logger: Logger;
  statfs?: Statfs;
  alone?: boolean;
  /** The admin's WD14 tagger, when TAGGER_MODEL is set. */
  tagger?: ImageTagger | null;
  /** Tells the task's owner it finished, failed or paused (queues a notification). */
  notify?: TaskNotifier;
  /** Tells a user their kept files fill their quota. */
  notifyQuota?: QuotaNotifier;
  /** Wakes every process's runner when a task is queued. */
  wakeups: Wakeups;
}) {
  const { config, catalog, urls, builders } = deps;
  const settings = config.downloads;
  const sizes = new ImageSizes(config.upstream.imageUrls);
  const archives = new Archives(deps.storage);
  const library = settings.libraryDir ? new LibraryFolder({ root: settings.libraryDir }) : null;
  const { repo, notifyQuota: notify, tagger = null } = deps;
  const quotaBytes = settings.keepMaxBytes;
  const keep = new KeptArchives({ repo, library, tagger, quotaBytes, archives, notify });
  const runner = new DownloadRunner({
    queue: new DownloadQueue(deps.db),
    keep,
    placeOf: placeOfTask(deps.repo, library),
    job: jobOf(deps),
    archives,
    logger: deps.logger.child({ module: 'downloads' }),
    notify: deps.notify,
    wakeups: deps.wakeups,
    settings: {
      concurrency: settings.concurrency,
      pollMs: settings.pollMs,
      staleMs: settings.staleMs,
      singleProcess: deps.alone ?? aloneOnSqlite(deps.dialect, config),
    },
  });
  const parser = new DownloadItemParser({
    urls,
    builders,
    directory: deps.directory,
    publicUrl: config.publicUrl,
    sizes,
  });
  // The job and its review resolve a work alike; the review needs nothing else of downloads.
  const works = new WorkResolver({ urls, catalog, sizes });
  const service = new DownloadService({
    repo: deps.repo,
    runner,
    archives,
    parser,
    works,
    estimator: new WorkEstimator({ catalog, store: deps.store, sizes, pacing: config.upstream }),
    maxUnfinishedPerUser: settings.maxUnfinishedPerUser,
    workJobsPerUser: settings.workJobsPerUser,
    libraryEnabled: library !== null,
    keep,
    ttlMs: settings.ttlMs,
  });
  const review = new DatasetReview({
    catalog,
    store: deps.store,
    resolveWork: async (input) => (await works.resolve(input)).work,
  });
  const nearDuplicates = new NearDuplicateScan({ store: deps.store, budget: deps.budget });
  return { runner, parser, service, review, nearDuplicates, keep };
}

/**
 * SQLite with one worker: nothing else can be running tasks. With several workers, only the first
 * process of the group (before any worker starts) may assume so; with roles (ROLE), a worker may
 * share the file with other workers.
 */
function aloneOnSqlite(dialect: 'sqlite' | 'postgres', config: Config): boolean {
  return dialect === 'sqlite' && config.workers === 1 && config.role === 'all';
}

/** The job every task runs (the free space it checks is the data folder's disk). */
function jobOf(deps: Parameters<typeof createDownloads>[0]): DownloadJob {
  const settings = deps.config.downloads;
  return new DownloadJob({
    store: deps.store,
    storage: deps.storage,
    catalog: deps.catalog,
    builders: deps.builders,
    directory: deps.directory,
    tagger: deps.tagger ?? null,
    retryIntervalMs: settings.retryIntervalMs,
    maxImages: settings.workMaxImages,
    dir: deps.config.dataDir,
    statfs: deps.statfs,
  });
}

/**
 * Where a task's result goes: its ZIP unless it asked for the library folder alone, and its
 * owner's folder when it asked for one. Without `LIBRARY_DIR` (unset since the task was made)
 * the result goes to a ZIP: nothing is lost.
 */
function placeOfTask(repo: DownloadRepository, library: LibraryFolder | null) {
  return async (task: DownloadRow, zip: string): Promise<TaskPlace> => {
    const destination = taskSpecOf(task).dataset.destination;
    if (destination === 'zip' || !library) return { zip, library: null };
    const target = {
      folder: library,
      username: await repo.usernameOf(task.user_id),
      name: stemOf(task.file_name),
    };
    return { zip: destination === 'both' ? zip : null, library: target };
  };
}
