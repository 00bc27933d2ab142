import type { Kysely } from 'kysely';

/**
 * A selection download's archive layout and metadata choice (issue 24, point 4 for selections):
 * JSON `{ layout, metadata }`; null on tasks before it and when the selection is plain.
 * Whole-work tasks keep theirs in `request`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('downloads').addColumn('archive', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('downloads').dropColumn('archive').execute();
}
