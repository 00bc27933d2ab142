import type { Kysely } from 'kysely';

/** One number that changes whenever the image cache or what is known of its images changes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cache_generation')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('generation', 'bigint', (c) => c.notNull())
    .execute();
  await (db as Kysely<{ cache_generation: { id: number; generation: number } }>)
    .insertInto('cache_generation')
    .values({ id: 1, generation: 0 })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cache_generation').execute();
}
