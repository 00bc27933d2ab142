import type { Kysely } from 'kysely';

/**
 * Per source host, what every app process on this database shares: the next free request start
 * and the end of a cool-down. Milliseconds since the epoch (not ISO text, unlike the other tables)
 * because the slot is claimed with arithmetic inside one UPDATE.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('upstream_hosts')
    .addColumn('host', 'text', (c) => c.primaryKey())
    .addColumn('next_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cooldown_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('upstream_hosts').execute();
}
