import type { Kysely } from 'kysely';
import type { Database } from '../db';

export interface RecentSearchRow {
  query: string;
  results_count: number;
  searched_at: string;
}

/** SQL of each account's recent searches; every statement is scoped to one user. */
export class RecentSearchStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Puts `query` first (once per query) and drops the user's entries past the newest `keep`, in
   * one transaction. Times only grow per user, so two searches in one millisecond keep their order.
   */
  async add(userId: number, query: string, resultsCount: number, keep: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const newest = await trx
        .selectFrom('recent_searches')
        .select((eb) => eb.fn.max('searched_at').as('at'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const now = Date.now();
      const after = newest?.at ? Date.parse(newest.at) + 1 : now;
      const searchedAt = new Date(Math.max(now, after)).toISOString();
      await trx
        .insertInto('recent_searches')
        .values({ user_id: userId, query, results_count: resultsCount, searched_at: searchedAt })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'query'])
            .doUpdateSet({ results_count: resultsCount, searched_at: searchedAt }),
        )
        .execute();
      await trx
        .deleteFrom('recent_searches')
        .where('user_id', '=', userId)
        .where('query', 'not in', (eb) =>
          eb
            .selectFrom('recent_searches')
            .select('query')
            .where('user_id', '=', userId)
            .orderBy('searched_at', 'desc')
            .limit(keep),
        )
        .execute();
    });
  }

  /** The user's entries, newest first. */
  async list(userId: number, limit: number): Promise<RecentSearchRow[]> {
    return this.db
      .selectFrom('recent_searches')
      .select(['query', 'results_count', 'searched_at'])
      .where('user_id', '=', userId)
      .orderBy('searched_at', 'desc')
      .limit(limit)
      .execute();
  }

  /** Forgets every entry of the user (nobody else's); answers how many there were. */
  async clear(userId: number): Promise<number> {
    const result = await this.db
      .deleteFrom('recent_searches')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
