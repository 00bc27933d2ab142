import { Migrator } from 'kysely';
import type { Db } from './connect';
import { migrations } from './migrations';

/** Brings the schema up to date; Kysely's migrator holds a lock so concurrent starts are safe. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    // 006 was written after 007 shipped; databases that already ran 007 still take 006.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`database migration failed${failed ? ` at ${failed.migrationName}` : ''}`, {
      cause: error,
    });
  }
}
