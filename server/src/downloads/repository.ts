import { FINISHED_DOWNLOAD_STATES, type DownloadState } from '@capshelf/contract';
import type { Kysely, UpdateObject } from 'kysely';
import type { Database } from '../db';
import type { DownloadItem } from './items';
import { taskNotes } from './reasons';
import { noteColumns, now, SERVABLE, UNFINISHED, type DownloadRow } from './rows';
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
  cancel(id: string, userId: number): Promise<boolean> {
    return this.changeOwn(id, userId, UNFINISHED, {
      status: 'cancelled',
      finished_at: now(),
      ...noteColumns(taskNotes.cancelled()),
      eta_seconds: null,
    });
  }

  /**
   * Runs a finished task again; its images are cached, so only the missing ones cost requests. The
   * counts stay: the tray keeps showing how far it came until the run (through the cache) passes it.
   */
  async retry(id: string, userId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('downloads')
      .set({
        status: 'pending',
        ...noteColumns(null),
        finished_at: null,
        expires_at: null,
        expired: 0,
        downloaded_at: null,
        worker: null,
        failed_count: 0,
        bytes_written: 0,
      })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('status', 'in', ['partial', 'failed', 'cancelled'])
      .where('dismissed', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * 暂停: the task stops and waits for its owner alone (no slot, no request, a restart leaves it).
   * A running task's worker notices at its next report, or at once when it runs in this process.
   */
  hold(id: string, userId: number): Promise<boolean> {
    const note = taskNotes.userPaused();
    return this.changeOwn(id, userId, UNFINISHED, {
      status: 'paused',
      held: 1,
      pause_reason: note.text,
      reason: JSON.stringify(note.reason),
      resume_at: null,
      worker: null,
      eta_seconds: null,
    });
  }

  /** 继续: a paused task (held by its owner, or waiting for the source) is taken up again now. */
  resume(id: string, userId: number): Promise<boolean> {
    return this.changeOwn(id, userId, ['paused'], {
      status: 'pending',
      held: 0,
      pause_reason: null,
      reason: null,
      resume_at: null,
    });
  }

  /** One UPDATE of the user's task while it is in one of `states`; true when it changed. */
  private async changeOwn(
    id: string,
    userId: number,
    states: DownloadState[],
    changes: UpdateObject<Database, 'downloads'>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('downloads')
      .set(changes)
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('status', 'in', states)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The user's tasks that wait for the source or their quota try again now (space was freed). */
  async wakeWaiting(userId: number): Promise<void> {
    await this.db
      .updateTable('downloads')
      .set({ resume_at: now() })
      .where('user_id', '=', userId)
      .where('status', '=', 'paused')
      .where('held', '=', 0)
      .execute();
  }

  /**
   * The archive went out in full for the first time: from now it keeps `ttlMs` (until then it was
   * kept). Later downloads change nothing.
   */
  async downloaded(id: string, userId: number, ttlMs: number): Promise<void> {
    const at = Date.now();
    await this.db
      .updateTable('downloads')
      .set({
        downloaded_at: new Date(at).toISOString(),
        expires_at: new Date(at + ttlMs).toISOString(),
      })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('downloaded_at', 'is', null)
      .execute();
  }

  /** The user's archives on disk (servable, not removed), oldest first: what counts against the quota. */
  keptArchives(userId: number) {
    return this.db
      .selectFrom('downloads')
      .select(['id', 'bytes_written', 'downloaded_at', 'dataset'])
      .where('user_id', '=', userId)
      .where('status', 'in', SERVABLE)
      .where('expired', '=', 0)
      .where('dismissed', '=', 0)
      .orderBy('finished_at', 'asc')
      .execute();
  }

  /** Archives removed to make room: marked expired (the tray drops them). */
  async expireArchives(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.updateTable('downloads').set({ expired: 1 }).where('id', 'in', ids).execute();
  }

  /** The dataset options of the user's latest task (its destination starts the next dialog). */
  async latestOptions(userId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('downloads')
      .select('dataset')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.dataset ?? null;
  }

  /** Every account's id (用户管理's storage column). */
  async userIds(): Promise<number[]> {
    const rows = await this.db.selectFrom('users').select('id').orderBy('id').execute();
    return rows.map((r) => r.id);
  }

  /** The user's name: their folder under `LIBRARY_DIR`. */
  async usernameOf(userId: number): Promise<string> {
    const row = await this.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.username;
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
