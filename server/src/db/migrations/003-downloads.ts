import type { Kysely } from 'kysely';

/** ZIP download tasks: one row each, with progress, so a task survives a page reload. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('downloads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('entry_prefix', 'text', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('file_count', 'integer', (c) => c.notNull())
    .addColumn('done_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes_written', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('worker', 'text')
    .addColumn('heartbeat_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('expired', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('downloads_user')
    .on('downloads')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('downloads_status').on('downloads').column('status').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('downloads').execute();
}
