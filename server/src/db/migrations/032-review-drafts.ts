import type { Kysely } from 'kysely';
import { withId } from './helpers';

/**
 * Review drafts (issue 39): each user's decisions on one work's dataset review (制作数据集), saved
 * as they are made, so a reload or another device finds them. One row per user and work
 * (`work_key`: the kind and the work's address), its owner's (`user_id`, removed with the
 * account). The id lists and tag edits are JSON, written whole on each save.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('review_drafts'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('work_key', 'text', (c) => c.notNull())
    .addColumn('work_url', 'text', (c) => c.notNull())
    .addColumn('kind', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('keep_ids', 'text', (c) => c.notNull())
    .addColumn('drop_ids', 'text', (c) => c.notNull())
    .addColumn('tag_edits', 'text', (c) => c.notNull())
    .addColumn('trigger_word', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('review_drafts_user_work', ['user_id', 'work_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('review_drafts').execute();
}
