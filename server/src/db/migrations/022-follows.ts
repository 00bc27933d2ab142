import type { Kysely } from 'kysely';
import { withId } from './helpers';

/**
 * Following works (issue 25). `followed_works` and `followed_episodes` are the server's (admin-
 * owned): one check schedule and one record of episodes per work, shared by all its followers and
 * removed with the last follow. `follows` is each user's own (user_id): what they follow, since
 * when they have seen its new episodes, and what is done with them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('followed_works')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('work_id', 'bigint', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('episode_count', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('last_new_at', 'text', (c) => c.notNull())
    .addColumn('last_checked_at', 'text')
    .addColumn('next_check_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('followed_works_pk', ['kind', 'work_id'])
    .execute();
  await db.schema
    .createIndex('followed_works_due')
    .on('followed_works')
    .column('next_check_at')
    .execute();
  await db.schema
    .createTable('followed_episodes')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('work_id', 'bigint', (c) => c.notNull())
    .addColumn('episode_id', 'bigint', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('found_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('followed_episodes_pk', ['kind', 'work_id', 'episode_id'])
    .execute();
  await withId(db, db.schema.createTable('follows'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('work_id', 'bigint', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('follows_user_work', ['user_id', 'kind', 'work_id'])
    .execute();
  await db.schema.createIndex('follows_work').on('follows').columns(['kind', 'work_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('follows').execute();
  await db.schema.dropTable('followed_episodes').execute();
  await db.schema.dropTable('followed_works').execute();
}
