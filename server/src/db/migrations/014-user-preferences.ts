import type { Kysely } from 'kysely';

/** Each user's interface language and colour scheme, applied at login on any device. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('zh-CN'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('theme', 'text', (c) => c.notNull().defaultTo('system'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('theme').execute();
  await db.schema.alterTable('users').dropColumn('locale').execute();
}
