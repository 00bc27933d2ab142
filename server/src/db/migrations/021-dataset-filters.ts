import type { Kysely } from 'kysely';

/**
 * Dataset filters: the quality measures of a cached image beside its hash (mean luminance,
 * deviation, Laplacian variance; null until first computed, as the hash), and on a download task
 * the filter it was asked for and how many frames each reason left out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const name of ['luma', 'contrast', 'sharpness']) {
    await db.schema.alterTable('cached_images').addColumn(name, 'double precision').execute();
  }
  for (const name of ['dataset_filter', 'skipped_reasons']) {
    await db.schema.alterTable('downloads').addColumn(name, 'text').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['luma', 'contrast', 'sharpness']) {
    await db.schema.alterTable('cached_images').dropColumn(name).execute();
  }
  for (const name of ['dataset_filter', 'skipped_reasons']) {
    await db.schema.alterTable('downloads').dropColumn(name).execute();
  }
}
