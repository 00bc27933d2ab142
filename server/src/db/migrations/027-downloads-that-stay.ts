import type { Kysely } from 'kysely';

/**
 * Downloads that stay (issue 34): a task its owner paused (`held`: only they resume it, a restart
 * leaves it paused), the first time its archive was downloaded in full (`downloaded_at`: until
 * then the archive is kept, after it `DOWNLOAD_TTL` runs), and where on the server it was written
 * (`library_path`, relative to `LIBRARY_DIR`; null when it went to a ZIP alone).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('downloads')
    .addColumn('held', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('downloads').addColumn('downloaded_at', 'text').execute();
  await db.schema.alterTable('downloads').addColumn('library_path', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['library_path', 'downloaded_at', 'held'])
    await db.schema.alterTable('downloads').dropColumn(name).execute();
}
