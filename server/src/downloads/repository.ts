import { FINISHED_DOWNLOAD_STATES } from '@capshelf/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import type { DownloadItem } from './items';
import { taskNotes } from './reasons';
import { noteColumns, now, UNFINISHED, type DownloadRow } from './rows';
import { specColumns, type TaskSpec } from './task-spec';
import type { WorkTask } from './work';

/**
 * Download task rows as their owners see them: created, listed, cancelled, retried, removed. Every
 * state change is one conditional UPDATE, so two processes never race (the runner's side: `DownloadQueue`).
 * A task's spec is written here (`specColumns`) and read back by `taskSpecOf` (task-spec.ts).
 */
export class DownloadRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(task: TaskSpec & { id: string; userId: number; fileName: string }) {
    await this.db
      .insertInto('downloads')
      .values({
        id: task.id,
        user_id: task.userId,
        status: 'pending',
        file_name: task.fileName,
        ...specColumns(task),
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

  /** Whether one of the user's tasks (any state) has this archive name. */
  async hasFileName(userId: number, fileName: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('downloads')
      .select('id')
      .where('user_id', '=', userId)
      .where('file_name', '=', fileName)
      .executeTakeFirst();
    return row !== undefined;
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
        skipped_reasons: null,
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
   * What every unfinished task (any user's) needs from the image cache, so eviction leaves it:
   * the images a task lists (`kind:id`) and the works a whole-work job covers (`kind:workId`).
   */
  async unfinishedNeeds(): Promise<{ images: Set<string>; works: Set<string> }> {
    const rows = await this.db
      .selectFrom('downloads')
      .select(['items', 'request'])
      .where('status', 'in', UNFINISHED)
      .execute();
    const images = new Set<string>();
    const works = new Set<string>();
    for (const row of rows) {
      if (row.request) {
        const { work } = JSON.parse(row.request) as WorkTask;
        works.add(`${work.kind}:${work.id}`);
      }
      for (const item of JSON.parse(row.items) as DownloadItem[])
        images.add(`${item.kind}:${item.id}`);
    }
    return { images, works };
  }
}
