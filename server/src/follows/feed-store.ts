import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { episodesOfFollows } from './follow-episodes';

/** SQL of the personal feeds: each user's token, and the events of their own follows. */
export class FeedStore {
  constructor(private readonly db: Kysely<Database>) {}

  async token(userId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('feed_tokens')
      .select('token')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.token ?? null;
  }

  async setToken(userId: number, token: string, at: string): Promise<void> {
    await this.db
      .insertInto('feed_tokens')
      .values({ user_id: userId, token, created_at: at })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ token, created_at: at }))
      .execute();
  }

  async remove(userId: number): Promise<void> {
    await this.db.deleteFrom('feed_tokens').where('user_id', '=', userId).execute();
  }

  /** The token's owner and their language (the feed is written in it), or null (a disabled one too). */
  async owner(token: string) {
    const row = await this.db
      .selectFrom('feed_tokens')
      .innerJoin('users', 'users.id', 'feed_tokens.user_id')
      .select(['feed_tokens.user_id', 'users.locale'])
      .where('feed_tokens.token', '=', token)
      .where('users.disabled', '=', 0)
      .executeTakeFirst();
    return row ?? null;
  }

  /** Episodes found after the user followed their works, newest first. */
  async events(userId: number, limit: number) {
    return episodesOfFollows(this.db, userId, 'created_at')
      .innerJoin('followed_works', (join) =>
        join
          .onRef('followed_works.kind', '=', 'follows.kind')
          .onRef('followed_works.work_id', '=', 'follows.work_id'),
      )
      .select([
        'followed_episodes.kind',
        'followed_episodes.episode_id',
        'followed_episodes.label',
        'followed_episodes.found_at',
        'followed_works.title',
      ])
      .orderBy('followed_episodes.found_at', 'desc')
      .orderBy('followed_episodes.episode_id', 'desc')
      .limit(limit)
      .execute();
  }
}
