import type { Kysely } from 'kysely';

/**
 * Tags a WD14 tagger gave an image (issue 24, point 5): shared image facts like the stored hash
 * and quality measures (no user_id: every user's job reads the same tags of the same picture),
 * one row per image and model, so a second job, or another user's, runs no inference.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('image_tags')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('image_id', 'bigint', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('scores', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('image_tags_pk', ['kind', 'image_id', 'model'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('image_tags').execute();
}
