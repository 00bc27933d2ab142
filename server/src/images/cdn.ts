import type { Kysely } from 'kysely';
import type { Database } from '../db';

/** The per-user CDN preference: the small CDN (recommended, and the default) or the originals. */
export class CdnPreferences {
  constructor(private readonly db: Kysely<Database>) {}

  async usesSmallCdn(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_settings')
      .select('use_small_cdn')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? row.use_small_cdn === 1 : true;
  }

  async setSmallCdn(userId: number, useSmall: boolean): Promise<void> {
    const value = useSmall ? 1 : 0;
    await this.db
      .insertInto('user_settings')
      .values({ user_id: userId, use_small_cdn: value })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ use_small_cdn: value }))
      .execute();
  }
}
