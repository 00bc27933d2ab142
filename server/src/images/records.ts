import { humanSize, type CacheStats, type EpisodeFilesResponse } from '@capshelf/contract';
import { sql, type Kysely } from 'kysely';
import type { ImageSize, Kind } from '../config';
import type { Database } from '../db';
import type { CachedImagesTable } from '../db/schema';
import type { ImageFacts } from './facts';
import { CacheTotalsRow } from './totals';

/** Ids per query of `stored` (well under every dialect's limit of bound parameters). */
const LOOKUP_BATCH = 500;

/** The row's facts, when every one of them has been computed. */
function factsOfRow(
  row: Pick<
    CachedImagesTable,
    'bytes' | 'phash' | 'width' | 'height' | 'sha256' | 'luma' | 'contrast' | 'sharpness'
  >,
): ImageFacts | null {
  const { phash, sha256, width, height, luma, contrast, sharpness } = row;
  // Rows hashed before the measures existed (021) count as not yet computed.
  return phash && sha256 && width !== null && height !== null && luma !== null
    ? {
        phash,
        sha256,
        width,
        height,
        bytes: Number(row.bytes),
        luma: Number(luma),
        contrast: Number(contrast),
        sharpness: Number(sharpness),
      }
    : null;
}

const FACT_COLUMNS = [
  'phash',
  'width',
  'height',
  'sha256',
  'luma',
  'contrast',
  'sharpness',
] as const;

/** The `cached_images` table: which files the image store holds, their bytes and their facts. */
export class CachedImageRecords {
  readonly totals: CacheTotalsRow;

  constructor(private readonly db: Kysely<Database>) {
    this.totals = new CacheTotalsRow(db);
  }

  /** Stored rows of one size of many images of one kind, a few hundred ids per query. */
  async stored(
    kind: Kind,
    size: ImageSize,
    ids: number[],
  ): Promise<{ id: number; bytes: number; facts: ImageFacts | null }[]> {
    const found: { id: number; bytes: number; facts: ImageFacts | null }[] = [];
    for (let start = 0; start < ids.length; start += LOOKUP_BATCH) {
      const rows = await this.db
        .selectFrom('cached_images')
        .select(['id', 'bytes', ...FACT_COLUMNS])
        .where('kind', '=', kind)
        .where('size', '=', size)
        .where('id', 'in', ids.slice(start, start + LOOKUP_BATCH))
        .execute();
      for (const row of rows)
        found.push({ id: row.id, bytes: Number(row.bytes), facts: factsOfRow(row) });
    }
    return found;
  }

  /** The facts kept with one stored file, if they were computed. */
  async facts(kind: Kind, id: number, size: ImageSize): Promise<ImageFacts | null> {
    const row = await this.db
      .selectFrom('cached_images')
      .select(['bytes', ...FACT_COLUMNS])
      .where('kind', '=', kind)
      .where('id', '=', id)
      .where('size', '=', size)
      .executeTakeFirst();
    return row ? factsOfRow(row) : null;
  }

  async saveFacts(kind: Kind, id: number, size: ImageSize, facts: ImageFacts): Promise<void> {
    await this.db
      .updateTable('cached_images')
      .set({
        phash: facts.phash,
        width: facts.width,
        height: facts.height,
        sha256: facts.sha256,
        luma: facts.luma,
        contrast: facts.contrast,
        sharpness: facts.sharpness,
      })
      .where('kind', '=', kind)
      .where('id', '=', id)
      .where('size', '=', size)
      .execute();
  }

  /**
   * A file just written: its facts are computed again from the new file when first asked for. The
   * totals change with the row, in one transaction.
   */
  async written(kind: Kind, id: number, size: ImageSize, bytes: number): Promise<void> {
    const now = new Date().toISOString();
    const row = {
      bytes,
      cached_at: now,
      viewed_at: now,
      phash: null,
      width: null,
      height: null,
      sha256: null,
      luma: null,
      contrast: null,
      sharpness: null,
    };
    await this.db.transaction().execute(async (trx) => {
      await this.totals.lock(trx);
      const before = await trx
        .selectFrom('cached_images')
        .select(['size', 'bytes'])
        .where('kind', '=', kind)
        .where('id', '=', id)
        .execute();
      const same = before.find((r) => r.size === size);
      await trx
        .insertInto('cached_images')
        .values({ kind, id, size, ...row })
        .onConflict((oc) => oc.columns(['kind', 'id', 'size']).doUpdateSet(row))
        .execute();
      await this.totals.apply(trx, {
        images: before.length === 0 ? 1 : 0,
        files: same ? 0 : 1,
        bytes: bytes - Number(same?.bytes ?? 0),
      });
    });
  }

  /**
   * Forgets stored files of one image (every size, or one size as it was when `cachedAt` was read:
   * a file written again since stays), with the totals; answers the files and bytes forgotten.
   */
  async delete(
    kind: Kind,
    id: number,
    only?: { size: ImageSize; cachedAt: string; evicted: boolean },
  ): Promise<{ files: number; bytes: number }> {
    return this.db.transaction().execute(async (trx) => {
      await this.totals.lock(trx);
      let doomed = trx
        .deleteFrom('cached_images')
        .where('kind', '=', kind)
        .where('id', '=', id)
        .returning(['bytes']);
      if (only)
        doomed = doomed.where('size', '=', only.size).where('cached_at', '=', only.cachedAt);
      const gone = await doomed.execute();
      if (gone.length === 0) return { files: 0, bytes: 0 };
      const left = await trx
        .selectFrom('cached_images')
        .select('size')
        .where('kind', '=', kind)
        .where('id', '=', id)
        .executeTakeFirst();
      const bytes = gone.reduce((sum, r) => sum + Number(r.bytes), 0);
      const change = { images: left ? 0 : -1, files: -gone.length, bytes: -bytes };
      await this.totals.apply(trx, { ...change, evicted: only?.evicted });
      return { files: gone.length, bytes };
    });
  }

  /** Forgets every image; answers how many rows there were. */
  async deleteAll(): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await this.totals.lock(trx);
      const result = await trx.deleteFrom('cached_images').executeTakeFirst();
      await this.totals.reset(trx);
      return Number(result.numDeletedRows);
    });
  }

  /** Distinct images (any size) and the bytes of every stored file, from the running totals. */
  async stats(): Promise<CacheStats> {
    const { images, bytes } = await this.totals.read();
    return { total_images: images, size_bytes: bytes, size_human: humanSize(bytes) };
  }

  /**
   * The stored files of one episode (a movie's: of the movie) and their bytes: what clearing its
   * files would remove, so the page can say so before asking.
   */
  async episodeFiles(kind: Kind, episodeId: number): Promise<EpisodeFilesResponse> {
    const row = await this.db
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

  /** A random sample of images already on disk: no upstream traffic at all. */
  async sample(limit: number): Promise<{ kind: Kind; id: number }[]> {
    return this.db
      .selectFrom((eb) =>
        eb.selectFrom('cached_images').select(['kind', 'id']).distinct().as('images'),
      )
      .select(['kind', 'id'])
      .orderBy(sql`random()`)
      .limit(limit)
      .execute();
  }
}
