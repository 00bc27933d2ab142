import type { Kysely } from 'kysely';

/** Why a task paused, failed or was cancelled, as JSON (`TaskReason`), for the page's own text. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('downloads').addColumn('reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('downloads').dropColumn('reason').execute();
}
