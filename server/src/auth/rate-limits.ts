import type { Kysely } from 'kysely';
import type { Database } from '../db';

/**
 * Attempt counters in the database, so a limit holds across restarts and across app processes.
 * Each attempt is counted by one atomic upsert *before* the work it guards, so simultaneous
 * attempts cannot all read "under the limit" and all go ahead.
 */
export class RateLimits {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Counts one attempt against `key` in a fixed window of `windowMs`; answers 0 when the attempt
   * is within `max`, else the seconds until the window ends.
   */
  async hit(key: string, max: number, windowMs: number): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, count: 1, reset_at: now + windowMs })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => {
          const ended = eb('rate_limits.reset_at', '<=', now);
          return {
            count: eb
              .case()
              .when(ended)
              .then(1)
              .else(eb('rate_limits.count', '+', 1))
              .end(),
            reset_at: eb
              .case()
              .when(ended)
              .then(now + windowMs)
              .else(eb.ref('rate_limits.reset_at'))
              .end(),
          };
        }),
      )
      .returning(['count', 'reset_at'])
      .executeTakeFirstOrThrow();
    if (Number(row.count) <= max) return 0;
    return Math.max(1, Math.ceil((Number(row.reset_at) - now) / 1000));
  }

  /** Attempts counted against `key` in its current window (0 when none or the window ended). */
  async attempts(key: string): Promise<number> {
    const row = await this.db
      .selectFrom('rate_limits')
      .select(['count', 'reset_at'])
      .where('key', '=', key)
      .executeTakeFirst();
    return row && Number(row.reset_at) > Date.now() ? Number(row.count) : 0;
  }

  /** Takes back one attempt (one that turned out to be legitimate, or was never tried). */
  async undo(key: string): Promise<void> {
    await this.db
      .updateTable('rate_limits')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('key', '=', key)
      .where('count', '>', 0)
      .execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }

  /** Drops counters whose window has ended (they would restart at 1 anyway). */
  async sweep(): Promise<number> {
    const result = await this.db
      .deleteFrom('rate_limits')
      .where('reset_at', '<=', Date.now())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
