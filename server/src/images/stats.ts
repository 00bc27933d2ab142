import { humanSize, type CacheStats, type EpisodeFilesResponse } from '@capshelf/contract';
import type { Kysely } from 'kysely';
import type { Kind } from '../config';
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

/**
 * The stored files of one episode (a movie's: of the movie) and their bytes: what clearing its
 * files would remove, so the page can say so before asking.
 */
export async function episodeFileStats(
  db: Kysely<Database>,
  kind: Kind,
  episodeId: number,
): Promise<EpisodeFilesResponse> {
  const row = await db
    .selectFrom('cached_images as c')
    .innerJoin('image_index as i', (j) =>
      j.onRef('i.kind', '=', 'c.kind').onRef('i.id', '=', 'c.id'),
    )
    .select((eb) => [
      eb.fn.countAll<number>().as('files'),
      eb.fn.coalesce(eb.fn.sum<number>('c.bytes'), eb.lit(0)).as('size_bytes'),
    ])
    .where('c.kind', '=', kind)
    .where(kind === 'movie' ? 'i.work_id' : 'i.episode_id', '=', episodeId)
    .executeTakeFirstOrThrow();
  const size = Number(row.size_bytes);
  return { files: Number(row.files), size_bytes: size, size_human: humanSize(size) };
}
