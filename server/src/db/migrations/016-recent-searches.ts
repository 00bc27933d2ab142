import type { Kysely } from 'kysely';

/**
 * Each account's recent searches (the search page's 最近搜索 and suggestions), owned by the user:
 * one row per query, the newest few kept (RECENT_SEARCHES_KEPT), removed with the account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('recent_searches')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('results_count', 'integer', (c) => c.notNull())
    .addColumn('searched_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('recent_searches_pk', ['user_id', 'query'])
    .execute();
  await db.schema
    .createIndex('recent_searches_newest')
    .on('recent_searches')
    .columns(['user_id', 'searched_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('recent_searches').execute();
}
