import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db';

/** The image cache's running totals and what eviction has removed, as one row holds them. */
export interface CacheTotals {
  images: number;
  files: number;
  bytes: number;
  evictedFiles: number;
  evictedBytes: number;
  lastEvictedAt: string | null;
}

export interface TotalsChange {
  images: number;
  files: number;
  bytes: number;
  /** Set when the change is an eviction. */
  evicted?: boolean;
}

/**
 * The `cache_totals` row: changed in the same transaction as the `cached_images` rows it counts,
 * so the totals never drift and reading them costs one primary-key lookup at any cache size.
 */
export class CacheTotalsRow {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Takes the row's lock before a change reads what it is about to change: on Postgres a
   * concurrent change (another worker) waits here until this one commits, then sees its rows.
   * SQLite transactions already hold the write lock from their start (BEGIN IMMEDIATE).
   */
  async lock(trx: Transaction<Database>): Promise<void> {
    await trx
      .updateTable('cache_totals')
      .set((eb) => ({ files: eb.ref('files') }))
      .where('id', '=', 1)
      .execute();
  }

  async apply(trx: Transaction<Database>, change: TotalsChange): Promise<void> {
    if (change.images === 0 && change.files === 0 && change.bytes === 0) return;
    await trx
      .updateTable('cache_totals')
      .set((eb) => ({
        images: eb('images', '+', change.images),
        files: eb('files', '+', change.files),
        bytes: eb('bytes', '+', change.bytes),
        ...(change.evicted
          ? {
              evicted_files: eb('evicted_files', '-', change.files),
              evicted_bytes: eb('evicted_bytes', '-', change.bytes),
              last_evicted_at: new Date().toISOString(),
            }
          : {}),
      }))
      .where('id', '=', 1)
      .execute();
  }

  async reset(trx: Transaction<Database>): Promise<void> {
    await trx
      .updateTable('cache_totals')
      .set({ images: 0, files: 0, bytes: 0 })
      .where('id', '=', 1)
      .execute();
  }

  async read(): Promise<CacheTotals> {
    const row = await this.db
      .selectFrom('cache_totals')
      .selectAll()
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    return {
      images: Number(row.images),
      files: Number(row.files),
      bytes: Number(row.bytes),
      evictedFiles: Number(row.evicted_files),
      evictedBytes: Number(row.evicted_bytes),
      lastEvictedAt: row.last_evicted_at,
    };
  }
}
