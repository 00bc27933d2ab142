import type { Kysely } from 'kysely';

/**
 * One row per upstream fetch in progress, held by the process doing it, so that other processes
 * on this database wait for it instead of fetching the same thing again. `expires_at` (ms since
 * the epoch) is pushed on while the fetch runs; a row past it belongs to a process that died.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('upstream_fetches')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('upstream_fetches').execute();
}
