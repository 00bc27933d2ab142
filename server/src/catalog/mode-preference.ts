import type { ImageMode } from '@capshelf/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db';

/** The episode mode (smart or fast) each user last chose, so the page opens in it next time. */
export class ModePreferences {
  constructor(private readonly db: Kysely<Database>) {}

  async get(userId: number): Promise<ImageMode | null> {
    const row = await this.db
      .selectFrom('user_settings')
      .select('image_mode')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.image_mode === 'smart' || row?.image_mode === 'fast' ? row.image_mode : null;
  }

  async set(userId: number, mode: ImageMode): Promise<void> {
    await this.db
      .insertInto('user_settings')
      .values({ user_id: userId, image_mode: mode })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ image_mode: mode }))
      .execute();
  }
}
