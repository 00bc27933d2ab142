import type { Kysely } from 'kysely';

/**
 * `listing_crawls`: how far the crawl of an episode's or movie's images has come, one row per
 * listing key, written after every page. The page shows what was read while the crawl goes on; a
 * crawl that failed keeps its pages and resumes after the last one. `user_settings.image_mode`:
 * the mode (smart or fast) a user last chose for episodes, null until one is chosen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('listing_crawls')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('progress', 'text', (c) => c.notNull())
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    // JSON: when the source may be asked again (`retry_at`) and why it refused (`challenge`).
    .addColumn('error_detail', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('user_settings').addColumn('image_mode', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_settings').dropColumn('image_mode').execute();
  await db.schema.dropTable('listing_crawls').execute();
}
