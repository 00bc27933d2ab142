import type { Kysely } from 'kysely';

/**
 * Whole-work download jobs, tasks that pause while the source is unreachable, removable tasks, and
 * what a cached image's bytes are (perceptual hash, dimensions, sha256), computed once per file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const downloads = [
    ['job', 'text', "'images'"],
    ['request', 'text', null],
    ['episodes', 'text', null],
    ['episodes_total', 'integer', null],
    ['episodes_done', 'integer', null],
    ['skipped_count', 'integer', '0'],
    ['pause_reason', 'text', null],
    ['resume_at', 'text', null],
    ['eta_seconds', 'integer', null],
    ['dismissed', 'integer', '0'],
  ] as const;
  for (const [name, type, fallback] of downloads) {
    await db.schema
      .alterTable('downloads')
      .addColumn(name, type, (c) =>
        fallback === null ? c : c.notNull().defaultTo(fallback === '0' ? 0 : 'images'),
      )
      .execute();
  }
  for (const [name, type] of [
    ['phash', 'text'],
    ['width', 'integer'],
    ['height', 'integer'],
    ['sha256', 'text'],
  ] as const) {
    await db.schema.alterTable('cached_images').addColumn(name, type).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'job',
    'request',
    'episodes',
    'episodes_total',
    'episodes_done',
    'skipped_count',
    'pause_reason',
    'resume_at',
    'eta_seconds',
    'dismissed',
  ]) {
    await db.schema.alterTable('downloads').dropColumn(name).execute();
  }
  for (const name of ['phash', 'width', 'height', 'sha256']) {
    await db.schema.alterTable('cached_images').dropColumn(name).execute();
  }
}
