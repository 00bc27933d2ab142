import type { Kysely } from 'kysely';
import { withId } from './helpers';

/**
 * Per-user favourites, one table per item type. Rows hold upstream ids and kinds only (URLs are
 * rebuilt when answering), and a unique key per user and item makes re-adding idempotent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('favorite_works'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // `<kind>:<id>`, or `title:<lowercased title>` when the URL named no work (kind and id null then).
    .addColumn('identity', 'text', (c) => c.notNull())
    .addColumn('kind', 'text')
    .addColumn('work_id', 'bigint')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('title_key', 'text', (c) => c.notNull())
    .addColumn('work_type', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('favorite_works_item', ['user_id', 'identity'])
    .execute();
  await db.schema
    .createIndex('favorite_works_title')
    .on('favorite_works')
    .columns(['user_id', 'title_key'])
    .execute();

  await withId(db, db.schema.createTable('favorite_episodes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('episode_id', 'bigint', (c) => c.notNull())
    .addColumn('work_id', 'bigint')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('work_title', 'text', (c) => c.notNull())
    // JSON `[{kind, id}]` of at most four preview images.
    .addColumn('preview_images', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('favorite_episodes_item', ['user_id', 'kind', 'episode_id'])
    .execute();

  await withId(db, db.schema.createTable('favorite_images'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('image_id', 'bigint', (c) => c.notNull())
    .addColumn('work_id', 'bigint')
    .addColumn('episode_id', 'bigint')
    .addColumn('work_title', 'text', (c) => c.notNull())
    .addColumn('episode_title', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('favorite_images_item', ['user_id', 'kind', 'image_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['favorite_images', 'favorite_episodes', 'favorite_works']) {
    await db.schema.dropTable(table).execute();
  }
}
