import type { Kysely } from 'kysely';
import { withId } from './helpers';

/**
 * The admin's audit log (admin-owned: only admins read it): one row per admin action, who
 * (`actor_user_id`, null for the command line or the server itself, told apart by `source`),
 * what (`action`), on what (`target`, a label as it was then) and the particulars (`detail`, JSON).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_user_id', 'integer')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
