import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../db';
import type { FollowedEpisodesTable, FollowedWorksTable, FollowsTable } from '../db/schema';
import { episodesOfFollows } from './follow-episodes';

export type FollowedWorkRow = Selectable<FollowedWorksTable>;
export type FollowRow = Selectable<FollowsTable>;
export type FollowedEpisode = Pick<FollowedEpisodesTable, 'episode_id' | 'label'>;
export type WorkKey = Pick<FollowedWorksTable, 'kind' | 'work_id'>;

/** Rows per multi-row insert: well under SQLite's and Postgres' bound-parameter limits. */
const CHUNK = 200;

/** Stores the episodes of a work not stored yet, as found at `foundAt`; answers those. */
export async function insertEpisodes(
  db: Kysely<Database>,
  key: WorkKey,
  episodes: FollowedEpisode[],
  foundAt: string,
): Promise<FollowedEpisode[]> {
  const added: FollowedEpisode[] = [];
  for (let i = 0; i < episodes.length; i += CHUNK) {
    const rows = episodes
      .slice(i, i + CHUNK)
      .map((e) => ({ ...e, kind: key.kind, work_id: key.work_id, found_at: foundAt }));
    added.push(
      ...(await db
        .insertInto('followed_episodes')
        .values(rows)
        .onConflict((oc) => oc.columns(['kind', 'work_id', 'episode_id']).doNothing())
        .returning(['episode_id', 'label'])
        .execute()),
    );
  }
  return added;
}

/** Whether anyone follows the work (without one, it is only kept for an unfollow's undo). */
export async function hasFollower(db: Kysely<Database>, key: WorkKey): Promise<boolean> {
  const follower = await db
    .selectFrom('follows')
    .select('id')
    .where('kind', '=', key.kind)
    .where('work_id', '=', key.work_id)
    .limit(1)
    .executeTakeFirst();
  return follower !== undefined;
}

/**
 * SQL of follows. `follows` rows are each user's own (every statement on them names the user);
 * `followed_works` and `followed_episodes` are the server's, one per followed work.
 */
export class FollowStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The user's follow of the work, with the work's schedule and episodes created if this is its
   * first follower, in one transaction. `created` is false when the user already followed it.
   * `restore` (an undone unfollow's times) replaces the new follow's `seen_at` and `created_at`
   * only when the work's records were still there: episodes found anew would all count as new.
   */
  async add(
    work: Insertable<FollowedWorksTable>,
    episodes: FollowedEpisode[],
    follow: Insertable<FollowsTable>,
    restore?: Pick<FollowsTable, 'seen_at' | 'created_at'>,
  ): Promise<{ id: number; created: boolean }> {
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('followed_works')
        .values(work)
        .onConflict((oc) => oc.columns(['kind', 'work_id']).doNothing())
        .returning('kind')
        .executeTakeFirst();
      if (inserted) await insertEpisodes(trx, work, episodes, work.last_new_at);
      else if (!(await hasFollower(trx, work))) {
        // Kept only for an unfollow's undo, the work was due at its forget time: followed again,
        // it is checked on this follow's plan, as a work followed for the first time.
        await trx
          .updateTable('followed_works')
          .set({ next_check_at: work.next_check_at, status: work.status })
          .where('kind', '=', work.kind)
          .where('work_id', '=', work.work_id)
          .execute();
      }
      const row = await trx
        .insertInto('follows')
        .values(restore && !inserted ? { ...follow, ...restore } : follow)
        .onConflict((oc) => oc.columns(['user_id', 'kind', 'work_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (row) return { id: row.id, created: true };
      const existing = await trx
        .selectFrom('follows')
        .select('id')
        .where('user_id', '=', follow.user_id)
        .where('kind', '=', follow.kind)
        .where('work_id', '=', follow.work_id)
        .executeTakeFirstOrThrow();
      return { id: existing.id, created: false };
    });
  }

  /**
   * Removes the user's follow (no one else's) and answers it, or null. The work's records stay
   * for an undo: without a follower, the work is due at `forgetAt`, when the checker forgets it
   * (`CheckStore.forgetIfUnfollowed`) instead of reading it.
   */
  async remove(userId: number, id: number, forgetAt: string): Promise<FollowRow | null> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .deleteFrom('follows')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst();
      if (!row) return null;
      if (!(await hasFollower(trx, row))) {
        await trx
          .updateTable('followed_works')
          .set({ next_check_at: forgetAt })
          .where('kind', '=', row.kind)
          .where('work_id', '=', row.work_id)
          .execute();
      }
      return row;
    });
  }

  async update(
    userId: number,
    id: number,
    change: Partial<Pick<FollowsTable, 'mode' | 'seen_at'>>,
  ): Promise<number> {
    const result = await this.db
      .updateTable('follows')
      .set(change)
      .where('user_id', '=', userId)
      .$if(id > 0, (q) => q.where('id', '=', id))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The user's follow (no one else's), or null. */
  async get(userId: number, id: number): Promise<FollowRow | null> {
    const row = await this.db
      .selectFrom('follows')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * The follow's episodes found no later than the given one are seen: `seen_at` moves up to that
   * episode's finding time, never back. Answers false when nothing changed.
   */
  async seeUpTo(follow: FollowRow, episodeId: number): Promise<boolean> {
    const episode = await this.db
      .selectFrom('followed_episodes')
      .select('found_at')
      .where('kind', '=', follow.kind)
      .where('work_id', '=', follow.work_id)
      .where('episode_id', '=', episodeId)
      .executeTakeFirst();
    if (!episode) return false;
    const result = await this.db
      .updateTable('follows')
      .set({ seen_at: episode.found_at })
      .where('user_id', '=', follow.user_id)
      .where('id', '=', follow.id)
      .where('seen_at', '<', episode.found_at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The user's follows with their works' schedules, oldest follow first. */
  async list(userId: number) {
    return this.db
      .selectFrom('follows')
      .innerJoin('followed_works', (join) =>
        join
          .onRef('followed_works.kind', '=', 'follows.kind')
          .onRef('followed_works.work_id', '=', 'follows.work_id'),
      )
      .select([
        'follows.id',
        'follows.kind',
        'follows.work_id',
        'follows.mode',
        'follows.seen_at',
        'follows.created_at',
        'followed_works.title',
        'followed_works.episode_count',
        'followed_works.status',
        'followed_works.last_checked_at',
        'followed_works.next_check_at',
      ])
      .where('follows.user_id', '=', userId)
      .orderBy('follows.id')
      .execute();
  }

  /** Episodes of the user's followed works found after they last saw each work, oldest first. */
  async unseenEpisodes(userId: number) {
    return episodesOfFollows(this.db, userId, 'seen_at')
      .select([
        'follows.id as follow_id',
        'followed_episodes.kind',
        'followed_episodes.episode_id',
        'followed_episodes.label',
        'followed_episodes.found_at',
      ])
      .orderBy('followed_episodes.found_at')
      .orderBy('followed_episodes.episode_id')
      .execute();
  }
}
