import { humanSize, type CacheStats } from '@capshelf/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db';

/** Distinct images (any size) and the bytes of every stored file. */
export async function cacheStats(db: Kysely<Database>): Promise<CacheStats> {
  const totals = await db
    .selectFrom('cached_images')
    .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>('bytes'), eb.lit(0)).as('size_bytes')])
    .executeTakeFirstOrThrow();
  const images = await db
    .selectFrom((eb) =>
      eb.selectFrom('cached_images').select(['kind', 'id']).distinct().as('images'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const size = Number(totals.size_bytes);
  return { total_images: Number(images.n), size_bytes: size, size_human: humanSize(size) };
}
