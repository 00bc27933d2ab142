import type { Kysely } from 'kysely';
import { withId } from './helpers';

/** Upstream ids can outgrow 32 bits, so they are bigint (SQLite integers are 64-bit anyway). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createCatalogTables(db);
  await createImageTables(db);
  await createUserTables(db);
}

/** The listing cache and what it taught us about works and episodes. */
async function createCatalogTables(db: Kysely<unknown>): Promise<void> {
  // Cached upstream listings (search results, show episodes, episode images) as JSON with a freshness time.
  await db.schema
    .createTable('listings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('fetched_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  // What we learned about works and episodes: titles for the libraries and the favourites.
  await db.schema
    .createTable('works')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('works_pk', ['kind', 'id'])
    .execute();
  await db.schema
    .createTable('episodes')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addColumn('work_id', 'bigint', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('episodes_pk', ['kind', 'id'])
    .execute();
}

/** The image index and the image cache's records, with the indexes their lookups use. */
async function createImageTables(db: Kysely<unknown>): Promise<void> {
  // Which work and episode each image id belongs to (episode_id is null for a movie's images).
  await db.schema
    .createTable('image_index')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addColumn('work_id', 'bigint', (c) => c.notNull())
    .addColumn('episode_id', 'bigint')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('image_index_pk', ['kind', 'id'])
    .execute();
  await db.schema
    .createIndex('image_index_episode')
    .on('image_index')
    .columns(['kind', 'episode_id'])
    .execute();
  await db.schema
    .createIndex('image_index_work')
    .on('image_index')
    .columns(['kind', 'work_id'])
    .execute();
  await db.schema.createIndex('image_index_id').on('image_index').column('id').execute();

  // Image bytes on disk: one row per stored file.
  await db.schema
    .createTable('cached_images')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('cached_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cached_images_pk', ['kind', 'id', 'size'])
    .execute();
  await db.schema
    .createIndex('cached_images_date')
    .on('cached_images')
    .column('cached_at')
    .execute();
  await db.schema.createIndex('cached_images_bytes').on('cached_images').column('bytes').execute();
}

/** Each user's history and settings. */
async function createUserTables(db: Kysely<unknown>): Promise<void> {
  // Per-user browsing history, fed by the browse pages (record-episode-access, record-view).
  await withId(db, db.schema.createTable('history'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('episode_id', 'bigint', (c) => c.notNull())
    .addColumn('work_id', 'bigint')
    .addColumn('show_title', 'text', (c) => c.notNull())
    .addColumn('episode_title', 'text', (c) => c.notNull())
    .addColumn('search_term', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('image_count', 'integer', (c) => c.notNull())
    .addColumn('view_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('history_episode', ['user_id', 'kind', 'episode_id'])
    .execute();

  await db.schema
    .createTable('user_settings')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('use_small_cdn', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'user_settings',
    'history',
    'cached_images',
    'image_index',
    'episodes',
    'works',
    'listings',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
