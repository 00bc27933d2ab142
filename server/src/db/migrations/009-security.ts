import { sql, type Kysely } from 'kysely';
import { withId } from './helpers';

/**
 * Abuse counters replace the per-failure rows: one row per key (`login:<email>|<ip>`,
 * `login-ip:<ip>`, `reset:<email>`, `reset-ip:<ip>`) counting attempts in a fixed window that ends
 * at `reset_at` (ms since the epoch), bumped by one atomic upsert. Sessions learn when they were
 * last used, for the idle timeout.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.dropTable('login_failures').execute();

  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'text').execute();
  await sql`update sessions set last_seen_at = created_at`.execute(db);
  await db.schema
    .createIndex('password_resets_user')
    .on('password_resets')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('password_resets_user').execute();
  await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
  await withId(db, db.schema.createTable('login_failures'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_key')
    .on('login_failures')
    .columns(['email', 'ip', 'at'])
    .execute();
  await db.schema.dropTable('rate_limits').execute();
}
