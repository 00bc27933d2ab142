import type { Kysely } from 'kysely';

/**
 * Each user's personal feed address (issue 25): at most one per user (user_id, removed with the
 * account). The token is kept as it is, since the profile shows the address again; it opens the
 * feed of the user's follows and nothing else.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feed_tokens')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feed_tokens').execute();
}
