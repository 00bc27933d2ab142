import type { Kysely } from 'kysely';

/**
 * The source site's clearance (a cookie and the User-Agent it was issued to), shared by every app
 * process on this database, and what the challenge solver has done. One row per site (today only
 * 'fancaps'). `version` grows with every change, so a process that met a challenge with an older
 * version knows someone else has already obtained a new clearance. Times in ms since the epoch.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('upstream_credentials')
    .addColumn('site', 'text', (c) => c.primaryKey())
    .addColumn('cookie', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('source', 'text')
    .addColumn('obtained_at', 'bigint')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('challenged_at', 'bigint')
    .addColumn('challenge_reason', 'text')
    .addColumn('solves', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('solve_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_solve_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('upstream_credentials').execute();
}
