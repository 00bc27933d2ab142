import type { Kysely } from 'kysely';
import { withId } from './helpers';

/**
 * Personal access tokens for scripts (issue 25), each user's own (user_id, removed with the
 * account): a name, scopes (JSON list), expiry and last use; only the token's hash is kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('access_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('access_tokens_user').on('access_tokens').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('access_tokens').execute();
}
