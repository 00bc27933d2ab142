import type { Kysely } from 'kysely';
import type { Database } from '../db';

/**
 * A number in the database that every change to the image cache or to what is known of its images
 * (titles, which episode an image belongs to) increases. Answers computed from the whole cache can
 * be kept while it stays the same, in every process, since it lives in the shared database.
 */
export class CacheGeneration {
  constructor(private readonly db: Kysely<Database>) {}

  async bump(): Promise<void> {
    await this.db
      .updateTable('cache_generation')
      .set((eb) => ({ generation: eb('generation', '+', 1) }))
      .where('id', '=', 1)
      .execute();
  }

  async current(): Promise<number> {
    const row = await this.db
      .selectFrom('cache_generation')
      .select('generation')
      .where('id', '=', 1)
      .executeTakeFirst();
    return Number(row?.generation ?? 0);
  }
}
