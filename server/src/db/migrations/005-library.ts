import type { Kysely } from 'kysely';

/**
 * Indexes for the libraries over 100,000+ cached images (bench/library.ts). Each one lets a query
 * walk an index in the order it answers in, and stop after one page, instead of sorting the cache.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Local library by date or size: walk newest/largest first. The id and kind columns break ties
  // in index order; these supersede the single-column indexes of 002.
  await db.schema.dropIndex('cached_images_date').execute();
  await db.schema.dropIndex('cached_images_bytes').execute();
  await db.schema
    .createIndex('cached_images_date_order')
    .on('cached_images')
    .columns(['cached_at', 'id', 'kind'])
    .execute();
  await db.schema
    .createIndex('cached_images_bytes_order')
    .on('cached_images')
    .columns(['bytes', 'id', 'kind'])
    .execute();
  // Local library by id (ids are numbered per kind, so id first), and a covering lookup of an
  // image's files for the joins from image_index.
  await db.schema
    .createIndex('cached_images_id_order')
    .on('cached_images')
    .columns(['id', 'kind', 'bytes', 'cached_at'])
    .execute();
  // Categorized library: images grouped by work, then episode, in episode order, index-only.
  await db.schema
    .createIndex('image_index_work_order')
    .on('image_index')
    .columns(['kind', 'work_id', 'episode_id', 'position', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'image_index_work_order',
    'cached_images_id_order',
    'cached_images_bytes_order',
    'cached_images_date_order',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema
    .createIndex('cached_images_date')
    .on('cached_images')
    .column('cached_at')
    .execute();
  await db.schema.createIndex('cached_images_bytes').on('cached_images').column('bytes').execute();
}
