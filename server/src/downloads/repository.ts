import {
  FINISHED_DOWNLOAD_STATES,
  type DownloadState,
  type DownloadStatus,
  type EpisodeProgress,
  type TaskReason,
} from '@capshelf/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db';
import type { DownloadsTable } from '../db/schema';
import type { DownloadItem } from './items';
import type { JobOutcome, JobProgress } from './job';
import { taskNotes, type TaskNote } from './reasons';
import type { WorkJobRequest } from './work';

export type DownloadRow = Selectable<DownloadsTable>;

const UNFINISHED: DownloadState[] = ['pending', 'running', 'paused'];
/** States whose archive is on disk and served until it expires. */
const SERVABLE: DownloadState[] = ['completed', 'partial'];

export function toStatus(row: DownloadRow): DownloadStatus {
  return {
    download_id: row.id,
    status: row.status,
    file_name: row.file_name,
    file_count: row.file_count,
    done_count: row.done_count,
    failed_count: row.failed_count,
    bytes_written: Number(row.bytes_written),
    error: row.error,
    created_at: row.created_at,
    finished_at: row.finished_at,
    expires_at: row.expires_at,
    job: row.job,
    episodes_total: row.episodes_total,
    episodes_done: row.episodes_done,
    episodes: row.episodes ? (JSON.parse(row.episodes) as EpisodeProgress[]) : null,
    skipped_count: row.skipped_count,
    pause_reason: row.status === 'paused' ? row.pause_reason : null,
    resume_at: row.status === 'paused' ? row.resume_at : null,
    reason: row.reason ? (JSON.parse(row.reason) as TaskReason) : null,
    eta_seconds: row.status === 'running' ? row.eta_seconds : null,
  };
}

const now = () => new Date().toISOString();

function progressColumns(p: JobProgress) {
  return {
    file_count: p.fileCount,
    done_count: p.done,
    failed_count: p.failed,
    skipped_count: p.skipped,
    bytes_written: p.bytes,
    episodes_total: p.episodesTotal,
    episodes_done: p.episodesDone,
    episodes: p.episodes ? JSON.stringify(p.episodes) : null,
  };
}

/** A finished task's `error` text and its reason (both cleared with null). */
function noteColumns(note: TaskNote | null) {
  return { error: note?.text ?? null, reason: note ? JSON.stringify(note.reason) : null };
}

/** Download task rows; every state change is one conditional UPDATE, so two processes never race. */
export class DownloadRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(task: {
    id: string;
    userId: number;
    fileName: string;
    entryPrefix: string;
    items: DownloadItem[];
    work?: WorkJobRequest;
  }) {
    await this.db
      .insertInto('downloads')
      .values({
        id: task.id,
        user_id: task.userId,
        status: 'pending',
        file_name: task.fileName,
        entry_prefix: task.entryPrefix,
        items: JSON.stringify(task.items),
        file_count: task.items.length,
        error: null,
        worker: null,
        heartbeat_at: null,
        created_at: now(),
        started_at: null,
        finished_at: null,
        expires_at: null,
        ...(task.work
          ? {
              job: 'work' as const,
              request: JSON.stringify(task.work),
              episodes_total: task.work.episodes.length,
              episodes_done: 0,
              episodes: JSON.stringify(
                task.work.episodes.map((e) => ({
                  id: e.id,
                  title: e.title,
                  total: null,
                  done: 0,
                  failed: 0,
                  skipped: 0,
                })),
              ),
            }
          : {}),
      })
      .execute();
  }

  findForUser(id: string, userId: number): Promise<DownloadRow | undefined> {
    return this.db
      .selectFrom('downloads')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** The tray's tasks: the newest not removed by their owner, nor expired. */
  listForUser(userId: number, limit: number): Promise<DownloadRow[]> {
    return this.db
      .selectFrom('downloads')
      .selectAll()
      .where('user_id', '=', userId)
      .where('expired', '=', 0)
      .where('dismissed', '=', 0)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }

  async unfinishedCount(userId: number, job?: 'work'): Promise<number> {
    let query = this.db
      .selectFrom('downloads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', 'in', UNFINISHED);
    if (job) query = query.where('job', '=', job);
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

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

  /** Cancels an unfinished task; true when it was. Its worker notices at its next report. */
  async cancel(id: string, userId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('downloads')
      .set({
        status: 'cancelled',
        finished_at: now(),
        ...noteColumns(taskNotes.cancelled()),
        eta_seconds: null,
      })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('status', 'in', UNFINISHED)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Runs a finished task again; its images are cached, so only the missing ones cost requests. */
  async retry(id: string, userId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('downloads')
      .set({
        status: 'pending',
        ...noteColumns(null),
        finished_at: null,
        expires_at: null,
        expired: 0,
        worker: null,
        done_count: 0,
        failed_count: 0,
        skipped_count: 0,
        bytes_written: 0,
        episodes_done: null,
      })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('status', 'in', ['partial', 'failed', 'cancelled'])
      .where('dismissed', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Removes finished tasks from the tray (one, or all of them); returns those removed. */
  async dismiss(userId: number, id?: string): Promise<string[]> {
    let query = this.db
      .updateTable('downloads')
      .set({ dismissed: 1 })
      .where('user_id', '=', userId)
      .where('dismissed', '=', 0)
      .where('status', 'in', FINISHED_DOWNLOAD_STATES);
    if (id) query = query.where('id', '=', id);
    return (await query.returning('id').execute()).map((r) => r.id);
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
