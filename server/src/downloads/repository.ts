import type { DownloadStatus } from '@capshelf/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db';
import type { DownloadsTable } from '../db/schema';
import type { DownloadItem } from './items';

export type DownloadRow = Selectable<DownloadsTable>;

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
  };
}

const now = () => new Date().toISOString();

/** Download task rows; every state change is one conditional UPDATE, so two processes never race. */
export class DownloadRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(task: {
    id: string;
    userId: number;
    fileName: string;
    entryPrefix: string;
    items: DownloadItem[];
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

  listForUser(userId: number, limit: number): Promise<DownloadRow[]> {
    return this.db
      .selectFrom('downloads')
      .selectAll()
      .where('user_id', '=', userId)
      .where('expired', '=', 0)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }

  async unfinishedCount(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('downloads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', 'in', ['pending', 'running'])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Takes the oldest pending task for this worker; only one process can win it. */
  async claimNext(worker: string): Promise<DownloadRow | undefined> {
    const next = await this.db
      .selectFrom('downloads')
      .select('id')
      .where('status', '=', 'pending')
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
    if (!next) return undefined;
    const at = now();
    return this.db
      .updateTable('downloads')
      .set({ status: 'running', worker, started_at: at, heartbeat_at: at })
      .where('id', '=', next.id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
  }

  async progress(id: string, worker: string, p: { done: number; failed: number; bytes: number }) {
    await this.db
      .updateTable('downloads')
      .set({
        done_count: p.done,
        failed_count: p.failed,
        bytes_written: p.bytes,
        heartbeat_at: now(),
      })
      .where('id', '=', id)
      .where('worker', '=', worker)
      .where('status', '=', 'running')
      .execute();
  }

  async complete(
    id: string,
    worker: string,
    p: { done: number; failed: number; bytes: number },
    ttlMs: number,
  ) {
    const at = Date.now();
    await this.db
      .updateTable('downloads')
      .set({
        status: 'completed',
        done_count: p.done,
        failed_count: p.failed,
        bytes_written: p.bytes,
        finished_at: new Date(at).toISOString(),
        expires_at: new Date(at + ttlMs).toISOString(),
      })
      .where('id', '=', id)
      .where('worker', '=', worker)
      .where('status', '=', 'running')
      .execute();
  }

  async fail(id: string, error: string, p?: { done: number; failed: number }) {
    await this.db
      .updateTable('downloads')
      .set({
        status: 'failed',
        error,
        finished_at: now(),
        ...(p ? { done_count: p.done, failed_count: p.failed } : {}),
      })
      .where('id', '=', id)
      .where('status', 'in', ['pending', 'running'])
      .execute();
  }

  /**
   * Fails running tasks whose worker stopped saying it is alive (or, with `everyRunning`, all of
   * them) and returns their ids, so their partial archives can go.
   */
  async failAbandoned(
    staleBefore: string,
    reason: string,
    everyRunning: boolean,
  ): Promise<string[]> {
    let query = this.db
      .updateTable('downloads')
      .set({ status: 'failed', error: reason, finished_at: now() })
      .where('status', '=', 'running');
    if (!everyRunning) query = query.where('heartbeat_at', '<', staleBefore);
    const rows = await query.returning('id').execute();
    return rows.map((r) => r.id);
  }

  /** Tasks whose archive may be on disk and served: completed and not expired. */
  async servableIds(): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('downloads')
      .select('id')
      .where('status', '=', 'completed')
      .where('expired', '=', 0)
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Completed archives past their time: marked expired and returned so their files can go. */
  async expire(): Promise<string[]> {
    const rows = await this.db
      .updateTable('downloads')
      .set({ expired: 1 })
      .where('status', '=', 'completed')
      .where('expired', '=', 0)
      .where('expires_at', '<', now())
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }
}
