import { sql, type Kysely } from 'kysely';

/**
 * The image cache's running totals (admin-owned, one row) kept in the same transaction as every
 * insert and delete of `cached_images`, so its size is known without counting the table; when
 * each file was last viewed, for least-recently-viewed eviction; and the lookups eviction makes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cache_totals')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('images', 'bigint', (c) => c.notNull())
    .addColumn('files', 'bigint', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('evicted_files', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('evicted_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_evicted_at', 'text')
    .execute();
  await sql`
    insert into cache_totals (id, images, files, bytes)
    select 1,
      (select count(*) from (select distinct kind, id from cached_images) as images),
      count(*),
      coalesce(sum(bytes), 0)
    from cached_images`.execute(db);

  await db.schema.alterTable('cached_images').addColumn('viewed_at', 'text').execute();
  await sql`update cached_images set viewed_at = cached_at`.execute(db);
  await db.schema
    .createIndex('cached_images_viewed_order')
    .on('cached_images')
    .columns(['viewed_at', 'kind', 'id', 'size'])
    .execute();
  // "Is this image anyone's favourite?" for every eviction candidate.
  await db.schema
    .createIndex('favorite_images_image')
    .on('favorite_images')
    .columns(['kind', 'image_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('favorite_images_image').execute();
  await db.schema.dropIndex('cached_images_viewed_order').execute();
  await db.schema.alterTable('cached_images').dropColumn('viewed_at').execute();
  await db.schema.dropTable('cache_totals').execute();
}
