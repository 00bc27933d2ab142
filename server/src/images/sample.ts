import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db';

/** A random sample of images already on disk: no upstream traffic at all. */
export async function sampleCached(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom((eb) =>
      eb.selectFrom('cached_images').select(['kind', 'id']).distinct().as('images'),
    )
    .select(['kind', 'id'])
    .orderBy(sql`random()`)
    .limit(limit)
    .execute();
}
