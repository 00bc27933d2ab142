import type { DatasetOptions } from '@capshelf/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { taskSpecOf } from '../downloads/task-spec';
import type { WorkTask } from '../downloads/work';
import {
  hasFollower,
  insertEpisodes,
  type FollowedEpisode,
  type FollowedWorkRow,
  type WorkKey,
} from './store';

/** What a user chose for a whole-work job: the size, and the dataset options as the task keeps them. */
interface WorkOptions {
  size: WorkTask['size'];
  dataset: DatasetOptions;
}

/** SQL of the checks: the server's schedule of followed works (no user's rows). */
export class CheckStore {
  constructor(private readonly db: Kysely<Database>) {}

  async due(now: string, limit: number): Promise<FollowedWorkRow[]> {
    return this.db
      .selectFrom('followed_works')
      .selectAll()
      .where('next_check_at', '<=', now)
      .orderBy('next_check_at')
      .limit(limit)
      .execute();
  }

  async get(key: WorkKey): Promise<FollowedWorkRow | null> {
    const row = await this.db
      .selectFrom('followed_works')
      .selectAll()
      .where('kind', '=', key.kind)
      .where('work_id', '=', key.work_id)
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * The work's schedule and episodes go when no one follows it any more (its last follower left
   * and did not undo it); answers whether they went. Nothing changes while anyone follows it.
   */
  async forgetIfUnfollowed(key: WorkKey): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (await hasFollower(trx, key)) return false;
      await trx
        .deleteFrom('followed_episodes')
        .where('kind', '=', key.kind)
        .where('work_id', '=', key.work_id)
        .execute();
      await trx
        .deleteFrom('followed_works')
        .where('kind', '=', key.kind)
        .where('work_id', '=', key.work_id)
        .execute();
      return true;
    });
  }

  /**
   * Takes the work's check for this process: moves its next check to `until` only if no other
   * process moved it since it was read (one statement), so one process checks a work at a time;
   * one that dies mid-check leaves the work due again at `until`.
   */
  async claim(work: FollowedWorkRow, until: string): Promise<boolean> {
    const result = await this.db
      .updateTable('followed_works')
      .set({ next_check_at: until })
      .where('kind', '=', work.kind)
      .where('work_id', '=', work.work_id)
      .where('next_check_at', '=', work.next_check_at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Episodes of the work not known before, stored as found now (the rest are left as they were). */
  async addEpisodes(key: WorkKey, episodes: FollowedEpisode[], foundAt: string) {
    return this.db.transaction().execute((trx) => insertEpisodes(trx, key, episodes, foundAt));
  }

  async schedule(
    key: WorkKey,
    change: Partial<
      Pick<
        FollowedWorkRow,
        'title' | 'episode_count' | 'status' | 'last_new_at' | 'last_checked_at' | 'next_check_at'
      >
    >,
  ): Promise<void> {
    await this.db
      .updateTable('followed_works')
      .set(change)
      .where('kind', '=', key.kind)
      .where('work_id', '=', key.work_id)
      .execute();
  }

  /** The options of the user's latest whole-work job (the size and dataset options they use). */
  async lastWorkOptions(userId: number): Promise<WorkOptions | null> {
    const row = await this.db
      .selectFrom('downloads')
      .select(['items', 'request', 'entry_prefix', 'dataset'])
      .where('user_id', '=', userId)
      .where('job', '=', 'work')
      .where('request', 'is not', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const spec = row && taskSpecOf(row);
    return spec?.work ? { size: spec.work.size, dataset: spec.dataset } : null;
  }

  /**
   * The follows of a work that ask for more than a notice (自动缓存 / 自动下载), of accounts still
   * enabled: a disabled account gets no job made in its name.
   */
  async followersWanting(key: WorkKey) {
    return this.db
      .selectFrom('follows')
      .innerJoin('users', 'users.id', 'follows.user_id')
      .select(['follows.user_id', 'follows.mode'])
      .where('follows.kind', '=', key.kind)
      .where('follows.work_id', '=', key.work_id)
      .where('follows.mode', '!=', 'none')
      .where('users.disabled', '=', 0)
      .execute();
  }
}
