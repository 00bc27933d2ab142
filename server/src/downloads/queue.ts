import type { DownloadState } from '@capshelf/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import type { JobOutcome, JobProgress } from './progress';
import type { TaskNote } from './reasons';
import { noteColumns, now, progressColumns, UNFINISHED, type DownloadRow } from './rows';

/** States whose archive is on disk and served until it expires. */
const SERVABLE: DownloadState[] = ['completed', 'partial'];

/**
 * Download task rows as the runner sees them: claimed, reported on, finished, paused, requeued,
 * expired. Every state change is one conditional UPDATE, so two processes never race.
 */
export class DownloadQueue {
  constructor(private readonly db: Kysely<Database>) {}

  /** Takes the oldest pending task, or a paused one whose time has come; only one process wins it. */
  async claimNext(worker: string): Promise<DownloadRow | undefined> {
    const at = now();
    const next = await this.db
      .selectFrom('downloads')
      .select(['id', 'status'])
      .where((eb) =>
        eb.or([
          eb('status', '=', 'pending'),
          eb.and([eb('status', '=', 'paused'), eb('resume_at', '<=', at)]),
        ]),
      )
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
    if (!next) return undefined;
    return this.db
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
  }

  /**
   * The worker's heartbeat, with its progress when there is some worth showing. False when the task
   * is no longer this worker's to run (cancelled, or taken over).
   */
  async progress(id: string, worker: string, p: JobProgress | null, etaSeconds: number | null) {
    const result = await this.db
      .updateTable('downloads')
      .set({
        ...(p ? { ...progressColumns(p), eta_seconds: etaSeconds } : {}),
        heartbeat_at: now(),
      })
      .where('id', '=', id)
      .where('worker', '=', worker)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async finish(id: string, worker: string, outcome: JobOutcome, ttlMs: number) {
    const at = Date.now();
    const note = outcome.status === 'failed' ? outcome.note : null;
    await this.db
      .updateTable('downloads')
      .set({
        ...progressColumns(outcome.progress),
        status: outcome.status,
        ...noteColumns(note),
        finished_at: new Date(at).toISOString(),
        expires_at: note ? null : new Date(at + ttlMs).toISOString(),
        worker: null,
      })
      .where('id', '=', id)
      .where('worker', '=', worker)
      .where('status', '=', 'running')
      .execute();
  }

  async fail(id: string, note: TaskNote) {
    await this.db
      .updateTable('downloads')
      .set({ status: 'failed', ...noteColumns(note), finished_at: now(), worker: null })
      .where('id', '=', id)
      .where('status', 'in', UNFINISHED)
      .execute();
  }

  /** `p`: the progress to keep, or null to keep the one already written. */
  async pause(id: string, worker: string, note: TaskNote, resumeAt: Date, p: JobProgress | null) {
    await this.db
      .updateTable('downloads')
      .set({
        ...(p ? progressColumns(p) : {}),
        status: 'paused',
        pause_reason: note.text,
        reason: JSON.stringify(note.reason),
        resume_at: resumeAt.toISOString(),
        worker: null,
      })
      .where('id', '=', id)
      .where('worker', '=', worker)
      .where('status', '=', 'running')
      .execute();
  }

  /** A task this process stops running without finishing it (shutdown): the next start takes it up. */
  async release(id: string, worker: string) {
    await this.db
      .updateTable('downloads')
      .set({ status: 'pending', worker: null })
      .where('id', '=', id)
      .where('worker', '=', worker)
      .where('status', '=', 'running')
      .execute();
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
