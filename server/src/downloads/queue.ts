import { sql, type Kysely, type UpdateObject } from 'kysely';
import type { Database } from '../db';
import { isPostgres } from '../db/migrations/helpers';
import { nextTask, shouldYield, type RunningByUser, type Waiting } from './fair-share';
import type { JobOutcome, JobProgress } from './progress';
import type { TaskNote } from './reasons';
import { noteColumns, now, progressColumns, SERVABLE, type DownloadRow } from './rows';

/**
 * Download task rows as the runner sees them: claimed, reported on, finished, paused, requeued,
 * expired. Every state change is one conditional UPDATE, so two processes never race.
 */
export class DownloadQueue {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Takes the next task round-robin across users (fairShare.nextTask): pending ones, and paused
   * ones whose time has come. Claims and yields are serialised across processes (queue lock), so
   * two processes never both count a user as having nothing running.
   */
  async claimNext(worker: string): Promise<DownloadRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      await lockQueue(trx);
      const at = now();
      const { waiting, running } = await standing(trx, at);
      const next = nextTask(waiting, running);
      if (!next) return undefined;
      return trx
        .updateTable('downloads')
        .set({
          status: 'running',
          worker,
          started_at: at,
          heartbeat_at: at,
          eta_seconds: null,
          reason: null,
        })
        .where('id', '=', next.id)
        .where('status', '=', next.status)
        .returningAll()
        .executeTakeFirst();
    });
  }

  /** Whether some user with nothing running waits for a slot (a running task may have to yield). */
  async someoneStarved(): Promise<boolean> {
    const { waiting, running } = await standing(this.db, now());
    return waiting.some((t) => !running.get(t.user_id));
  }

  /**
   * Gives the slot of a running task back when its user holds more than a fair share and another
   * user with nothing running waits (fairShare.shouldYield): the task goes back to pending with its
   * progress, to start again where it stopped (its images are cached). True when it yielded.
   */
  async yieldTurn(task: DownloadRow, worker: string, p: JobProgress | null): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await lockQueue(trx);
      const { waiting, running } = await standing(trx, now());
      if (!shouldYield(task.user_id, waiting, running)) return false;
      const result = await trx
        .updateTable('downloads')
        .set({
          ...(p ? progressColumns(p) : {}),
          status: 'pending',
          worker: null,
          eta_seconds: null,
        })
        .where('id', '=', task.id)
        .where('worker', '=', worker)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    });
  }

  /**
   * Changes a task only while `worker` runs it; resolves whether it did. A process whose task was
   * cancelled, or taken up elsewhere after a restart, can end late (its half-written archive
   * removed under it) and must then change nothing.
   */
  private async whileHeld(
    id: string,
    worker: string,
    changes: UpdateObject<Database, 'downloads'>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('downloads')
      .set(changes)
      .where('id', '=', id)
      .where('worker', '=', worker)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * The worker's heartbeat, with its progress when there is some worth showing. False when the task
   * is no longer this worker's to run (cancelled, or taken over).
   */
  progress(id: string, worker: string, p: JobProgress | null, etaSeconds: number | null) {
    return this.whileHeld(id, worker, {
      ...(p ? { ...progressColumns(p), eta_seconds: etaSeconds } : {}),
      heartbeat_at: now(),
    });
  }

  /**
   * The task's end. Its archive is kept until its owner downloads it in full (`expires_at` stays
   * null; `DownloadRepository.downloaded` starts `DOWNLOAD_TTL` then).
   */
  finish(id: string, worker: string, outcome: JobOutcome) {
    const note = outcome.status === 'failed' ? outcome.note : null;
    return this.whileHeld(id, worker, {
      ...progressColumns(outcome.progress),
      status: outcome.status,
      ...noteColumns(note),
      finished_at: now(),
      expires_at: null,
      library_path: outcome.status === 'failed' ? null : outcome.libraryPath,
      worker: null,
    });
  }

  fail(id: string, worker: string, note: TaskNote) {
    return this.whileHeld(id, worker, {
      status: 'failed',
      ...noteColumns(note),
      finished_at: now(),
      worker: null,
    });
  }

  /** `p`: the progress to keep, or null to keep the one already written. */
  pause(id: string, worker: string, note: TaskNote, resumeAt: Date, p: JobProgress | null) {
    return this.whileHeld(id, worker, {
      ...(p ? progressColumns(p) : {}),
      status: 'paused',
      pause_reason: note.text,
      reason: JSON.stringify(note.reason),
      resume_at: resumeAt.toISOString(),
      worker: null,
    });
  }

  /** A task this process stops running without finishing it (shutdown): the next start takes it up. */
  release(id: string, worker: string) {
    return this.whileHeld(id, worker, { status: 'pending', worker: null });
  }

  /**
   * Running tasks whose worker stopped saying it is alive (or, with `everyRunning`, all of them)
   * go back to pending. Returns the ids taken back, so their half-written archives can go.
   */
  async requeueAbandoned(staleBefore: string, everyRunning: boolean): Promise<string[]> {
    let query = this.db
      .updateTable('downloads')
      .set({ status: 'pending', worker: null })
      .where('status', '=', 'running');
    if (!everyRunning) query = query.where('heartbeat_at', '<', staleBefore);
    const rows = await query.returning('id').execute();
    return rows.map((r) => r.id);
  }

  /**
   * Paused tasks may try again now rather than at their `resume_at` (a start: the source may well
   * be back). No process owns a paused task, so this is safe with several of them; one that is
   * still away pauses the task again after one request.
   */
  async resumePausedNow(): Promise<void> {
    await this.db
      .updateTable('downloads')
      .set({ resume_at: now() })
      .where('status', '=', 'paused')
      .where('held', '=', 0)
      .execute();
  }

  /** Tasks whose archive may be on disk and served. */
  async servableIds(): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('downloads')
      .select('id')
      .where('status', 'in', SERVABLE)
      .where('expired', '=', 0)
      .where('dismissed', '=', 0)
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Archives past their time: marked expired and returned so their files can go. */
  async expire(): Promise<string[]> {
    const rows = await this.db
      .updateTable('downloads')
      .set({ expired: 1 })
      .where('status', 'in', SERVABLE)
      .where('expired', '=', 0)
      .where('expires_at', '<', now())
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }
}

/** Serialises claims and yields across processes: SQLite's transactions already take the write lock. */
async function lockQueue(trx: Kysely<Database>): Promise<void> {
  if (isPostgres(trx as Kysely<unknown>))
    await sql`SELECT pg_advisory_xact_lock(${QUEUE_LOCK})`.execute(trx);
}

/** Any constant of ours: the advisory lock that claims and yields hold. */
const QUEUE_LOCK = 22_004;

/** Tasks that could start now (few: each user has at most a handful unfinished), and who runs what. */
async function standing(
  db: Kysely<Database>,
  at: string,
): Promise<{ waiting: Waiting[]; running: RunningByUser }> {
  const waiting = await db
    .selectFrom('downloads')
    .select(['id', 'status', 'user_id', 'created_at'])
    .where((eb) =>
      eb.or([
        eb('status', '=', 'pending'),
        // A task its owner paused waits for them alone.
        eb.and([eb('status', '=', 'paused'), eb('held', '=', 0), eb('resume_at', '<=', at)]),
      ]),
    )
    .execute();
  const counts = await db
    .selectFrom('downloads')
    .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', 'running')
    .groupBy('user_id')
    .execute();
  return {
    waiting: waiting as Waiting[],
    running: new Map(counts.map((c) => [c.user_id, Number(c.n)])),
  };
}
