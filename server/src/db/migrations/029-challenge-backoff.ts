import type { Kysely } from 'kysely';

/**
 * Challenges left unsolved in a row (issue 36): automatic solves and the site's cool-down back
 * off with it (30 s, 1 min, 2 min … 10 min) instead of one fixed wait after any failure. Back to
 * 0 when the site answers again or an admin pastes a clearance.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('upstream_credentials')
    .addColumn('unsolved_streak', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('upstream_credentials').dropColumn('unsolved_streak').execute();
}
