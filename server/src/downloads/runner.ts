import { randomBytes } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { fromStorageFull } from '../errors';
import type { Logger } from '../logger';
import { actAs, userActor } from '../upstream';
import type { Archives } from './archives';
import type { DownloadJob, TaskPlace } from './job';
import type { KeptArchives } from './kept';
import type { JobProgress } from './progress';
import { TaskPaused, TaskStopped, TaskYielded } from './pause';
import { taskNotes } from './reasons';
import type { DownloadQueue } from './queue';
import type { DownloadRow } from './rows';
import { taskSpecOf } from './task-spec';
import { TurnWanted, type Turn } from './turn';
import type { Wakeups } from '../wakeups';

export interface RunnerSettings {
  /** Tasks this process writes at once. */
  concurrency: number;
  pollMs: number;
  /** A running task whose heartbeat is older than this belongs to a dead process. */
  staleMs: number;
  /** True when no other process can be running tasks (SQLite): a restart takes them all up. */
  singleProcess: boolean;
}

/** Queues the owner's notification of a task's end or pause (never waits for its delivery). */
export type TaskNotifier = (
  event: 'download_finished' | 'download_failed' | 'download_paused',
  taskId: string,
) => Promise<void>;

const PROGRESS_EVERY_MS = 250;
/** A task waiting for its owner's quota looks again this often (freeing room wakes it at once). */
const QUOTA_RECHECK_MS = 5 * 60_000;
/** Keeps the heartbeat fresh even while one slow image is being fetched. */
const HEARTBEAT_EVERY_MS = 5000;
/** Time left is estimated from the pace over this last stretch. */
const ETA_WINDOW_MS = 30_000;

/**
 * Runs download tasks in the background: claims pending rows and paused ones whose time has come
 * (so with several app processes each task runs exactly once), keeps a heartbeat, pauses a task
 * while the source is away, takes up tasks of a process that died, stops at once on shutdown
 * (the next start goes on with them), and deletes archives past their time.
 */
export class DownloadRunner {
  readonly worker = `${process.pid}-${randomBytes(4).toString('hex')}`;
  private readonly active = new Map<string, { stop: AbortController; done: Promise<void> }>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> = Promise.resolve();
  /** Only a started runner takes tasks: a web process (ROLE=web) has one that never starts. */
  private started = false;
  private stopped = false;
  private unsubscribe: (() => void) | null = null;
  /** Some user with nothing running waits while every slot here is taken: tasks check for a yield. */
  private contended = false;
  /** Aborted (and replaced) whenever contended is found: tasks waiting for the source ask at once. */
  private wanted = wantedSignal();

  constructor(
    private readonly deps: {
      queue: DownloadQueue;
      job: DownloadJob;
      archives: Archives;
      logger: Logger;
      settings: RunnerSettings;
      notify?: TaskNotifier;
      /** Where a task's result goes (its ZIP's key, its owner's library folder). */
      placeOf: (task: DownloadRow, zip: string) => Promise<TaskPlace>;
      /** The owners' quotas: a task of an owner over theirs waits; a finished one makes room. */
      keep?: KeptArchives;
      /** Wakes the runners of every process when a task is queued (polling is the fallback). */
      wakeups: Pick<Wakeups, 'notify' | 'on'>;
    },
  ) {}

  async start(): Promise<void> {
    const { settings, queue, archives } = this.deps;
    const stale = new Date(Date.now() - settings.staleMs).toISOString();
    // On a full disk the server starts all the same (so eviction can make room): the last run's
    // tasks are then taken up once stale, paused ones at their own time.
    const taken = await queue
      .requeueAbandoned(stale, settings.singleProcess)
      .catch(this.onFullAtStart("take up the last run's tasks", []));
    await queue.resumePausedNow().catch(this.onFullAtStart('resume paused tasks now', undefined));
    if (settings.singleProcess) await archives.removeLeftovers(await queue.servableIds());
    else {
      await archives.removePartials(taken);
      void archives.removeStale().catch((err: unknown) => {
        this.deps.logger.warn({ err }, 'could not look for abandoned archive uploads');
      });
    }
    this.started = true;
    this.timer = setInterval(() => void this.tick(), settings.pollMs);
    this.timer.unref();
    this.unsubscribe = this.deps.wakeups.on('downloads', () => this.kick());
    this.kick();
  }

  /** A start-up write the database had no room for: told, and left to the regular ticks. */
  private onFullAtStart<T>(what: string, instead: T) {
    return (error: unknown): T => {
      if (!fromStorageFull(error)) throw error;
      this.deps.logger.warn({ err: error }, `could not ${what} at start: storage full`);
      return instead;
    };
  }

  /** Looks for work in this process now (when a slot frees, or a wake-up arrives). */
  kick(): void {
    void this.tick();
  }

  /**
   * A task was created, retried, resumed or removed: every process's runner looks for work now
   * (this one at once), whichever runs tasks (ROLE).
   */
  wake(): void {
    this.deps.wakeups.notify('downloads');
  }

  /** Stops the task here at once if this process runs it (its row already says cancelled or paused). */
  stopTask(id: string, why: 'cancel' | 'pause'): void {
    this.active.get(id)?.stop.abort(new TaskStopped(why));
  }

  /** Stops every task at once; each goes back to pending for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe?.();
    for (const { stop } of this.active.values()) stop.abort(new TaskStopped('shutdown'));
    await this.ticking;
    await Promise.allSettled([...this.active.values()].map((a) => a.done));
  }

  /** Ticks run one after another, so a tick in progress is never overtaken nor left behind by stop(). */
  private tick(): Promise<void> {
    this.ticking = this.ticking.then(() => this.lookForWork());
    return this.ticking;
  }

  private async lookForWork(): Promise<void> {
    if (this.stopped || !this.started) return;
    try {
      const { queue, settings } = this.deps;
      const abandoned = await queue.requeueAbandoned(
        new Date(Date.now() - settings.staleMs).toISOString(),
        false,
      );
      await this.deps.archives.removePartials(abandoned);
      await this.deps.archives.remove(await queue.expire());
      while (!this.stopped && this.active.size < settings.concurrency) {
        const task = await queue.claimNext(this.worker);
        if (!task) break;
        const stop = new AbortController();
        // A slot that frees is taken at once (a yielded task comes back), not at the next poll.
        // A task whose end could not be written (a full database) is left running without a
        // heartbeat: it is taken up again once stale, never a crash of the process.
        const done = this.run(task, stop)
          .catch((error: unknown) => {
            this.deps.logger.error({ err: error, download: task.id }, 'download task not recorded');
          })
          .finally(() => {
            this.active.delete(task.id);
            this.kick();
          });
        this.active.set(task.id, { stop, done });
      }
      this.contended = this.active.size >= settings.concurrency && (await queue.someoneStarved());
      if (this.contended) {
        const wanted = this.wanted;
        this.wanted = wantedSignal();
        wanted.abort(new TurnWanted());
      }
    } catch (error) {
      this.deps.logger.error({ err: error }, 'download runner tick failed');
    }
  }

  private async run(task: DownloadRow, stop: AbortController): Promise<void> {
    const { queue, job, logger } = this.deps;
    const eta = new EtaClock();
    let latest: JobProgress | null = null;
    let lastReport = 0;
    let reporting: Promise<void> = Promise.resolve();
    // A run taken up again (after a pause or a restart) counts from zero; the cache lets it catch
    // up in moments. Until it has, the tray keeps what it showed rather than jumping back.
    const shownBefore = task.done_count + task.failed_count + task.skipped_count;
    const worthShowing = (p: JobProgress | null) =>
      p && p.done + p.failed + p.skipped >= shownBefore ? p : null;
    const report = () => {
      const progress = worthShowing(latest);
      reporting = reporting
        .then(() =>
          queue.progress(task.id, this.worker, progress, progress && eta.secondsLeft(progress)),
        )
        .then((stillOurs) => {
          if (!stillOurs && !stop.signal.aborted) stop.abort(new TaskStopped('lost'));
        })
        .catch(() => undefined);
    };
    const heartbeat = setInterval(report, HEARTBEAT_EVERY_MS);
    // While contended, at a boundary or a wait: the slot goes back when this user holds too many.
    const turn: Turn = {
      give: () =>
        this.contended &&
        queue.yieldTurn(task, this.worker, worthShowing(latest)).then((yielded) => {
          this.contended = false;
          return yielded;
        }),
      wanted: () => this.wanted.signal,
      // A heartbeat: it answers whether the task is still this worker's.
      held: () => queue.progress(task.id, this.worker, null, null),
    };
    try {
      const onProgress = (progress: JobProgress) => {
        latest = progress;
        eta.sample(progress);
        if (Date.now() - lastReport < PROGRESS_EVERY_MS) return;
        lastReport = Date.now();
        report();
      };
      await this.waitForRoom(task);
      const place = await this.deps.placeOf(task, this.deps.archives.keyOf(task.id));
      // The task's upstream requests take its user's turns (upstream/actor.ts).
      const outcome = await actAs(userActor(task.user_id), () =>
        job.run(taskSpecOf(task), place, stop.signal, onProgress, turn),
      );
      clearInterval(heartbeat);
      await reporting;
      // Told only by the process that still held the task (not one it was taken from).
      if (await queue.finish(task.id, this.worker, outcome)) {
        await this.deps.keep?.enforce(task.user_id);
        const ended = outcome.status === 'failed' ? 'download_failed' : 'download_finished';
        await this.deps.notify?.(ended, task.id);
      }
    } catch (error) {
      clearInterval(heartbeat);
      await reporting;
      if (error instanceof TaskPaused) {
        logger.info({ download: task.id, reason: error.note.text }, 'download task paused');
        const { note, resumeAt } = error;
        if (await queue.pause(task.id, this.worker, note, resumeAt, worthShowing(latest)))
          await this.deps.notify?.('download_paused', task.id);
      } else if (error instanceof TaskYielded) {
        logger.info({ download: task.id }, 'download task yielded its slot to another user');
      } else if (error instanceof TaskStopped) {
        if (error.why === 'shutdown') await queue.release(task.id, this.worker);
      } else {
        logger.error({ err: error, download: task.id }, 'download task failed');
        if (await queue.fail(task.id, this.worker, taskNotes.archiveFailed(error)))
          await this.deps.notify?.('download_failed', task.id);
      }
    }
  }

  /**
   * A task whose owner's kept files fill their quota waits (paused, trying again every few
   * minutes and whenever they free room); the owner is told.
   */
  private async waitForRoom(task: DownloadRow): Promise<void> {
    const over = await this.deps.keep?.overQuota(task.user_id);
    if (!over) return;
    await this.deps.keep?.tell(task.user_id, over.used, 1);
    throw new TaskPaused(
      taskNotes.quotaFull(over.used, over.quota),
      new Date(Date.now() + QUOTA_RECHECK_MS),
    );
  }
}

/** Every task of this process waiting for the source listens: as many as slots, more than 10 allowed. */
function wantedSignal(): AbortController {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
}

/** Seconds left at the pace of the last half minute (cached images race by, fetched ones crawl). */
class EtaClock {
  private readonly samples: { at: number; processed: number }[] = [];

  sample(p: JobProgress): void {
    const at = Date.now();
    this.samples.push({ at, processed: p.done + p.failed + p.skipped });
    while (this.samples.length > 2 && at - this.samples[0]!.at > ETA_WINDOW_MS)
      this.samples.shift();
  }

  secondsLeft(p: JobProgress): number | null {
    const first = this.samples[0];
    const last = this.samples.at(-1);
    if (!first || !last || last.at - first.at < 1000 || last.processed <= first.processed)
      return null;
    const perMs = (last.processed - first.processed) / (last.at - first.at);
    const left = p.fileCount - (p.done + p.failed + p.skipped);
    return Math.max(0, Math.round(left / perMs / 1000));
  }
}
