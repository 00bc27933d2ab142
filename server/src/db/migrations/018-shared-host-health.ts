import type { Kysely } from 'kysely';

/**
 * What every app process learns about the source hosts, shared through the database (admin-owned,
 * no user's data): image hosts that stopped answering (`image_hosts`, images/host-down-store.ts),
 * and upstream requests per host and minute for the site-health page (`upstream_request_counts`,
 * the last day's only). Milliseconds and minutes since the epoch, as `upstream_hosts`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('image_hosts')
    .addColumn('host', 'text', (c) => c.primaryKey())
    .addColumn('sizes', 'text', (c) => c.notNull())
    .addColumn('failures_in_a_row', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('down_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('down_for_ms', 'bigint', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('last_failure_at', 'bigint')
    .execute();
  await db.schema
    .createTable('upstream_request_counts')
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('minute', 'bigint', (c) => c.notNull())
    .addColumn('requests', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('upstream_request_counts_pk', ['host', 'minute'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('upstream_request_counts').execute();
  await db.schema.dropTable('image_hosts').execute();
}
