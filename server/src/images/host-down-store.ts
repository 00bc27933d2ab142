import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { isPostgres } from '../db/migrations/helpers';

/** One image host's learnt state as every process on the database shares it (ms since the epoch). */
export interface HostDownRecord {
  host: string;
  /** Comma-separated sizes it serves. */
  sizes: string;
  failuresInARow: number;
  downUntil: number;
  downForMs: number;
  lastError: string | null;
  lastFailureAt: number | null;
}

/**
 * The `image_hosts` table (admin-owned, one row per image host): what the image stores of every
 * process learnt about hosts that stopped answering. A change is read, made and written in one
 * transaction (the row locked on Postgres, the database on SQLite), so two processes' failures
 * both count.
 */
export class HostDownStore {
  readonly #postgres: boolean;

  constructor(private readonly db: Kysely<Database>) {
    this.#postgres = isPostgres(db as unknown as Kysely<unknown>);
  }

  async all(): Promise<HostDownRecord[]> {
    const rows = await this.db.selectFrom('image_hosts').selectAll().execute();
    return rows.map(toRecord);
  }

  async change(
    host: string,
    apply: (stored: HostDownRecord | undefined) => HostDownRecord,
  ): Promise<HostDownRecord> {
    return this.db.transaction().execute(async (trx) => {
      let query = trx.selectFrom('image_hosts').selectAll().where('host', '=', host);
      if (this.#postgres) {
        // A row to lock, so two processes' first failures of a host both count.
        await trx
          .insertInto('image_hosts')
          .values({ host, sizes: '', down_for_ms: 0 })
          .onConflict((c) => c.column('host').doNothing())
          .execute();
        query = query.forUpdate();
      }
      const row = await query.executeTakeFirst();
      const stored = row && row.sizes !== '' ? toRecord(row) : undefined;
      const next = apply(stored);
      const values = {
        sizes: next.sizes,
        failures_in_a_row: next.failuresInARow,
        down_until: next.downUntil,
        down_for_ms: next.downForMs,
        last_error: next.lastError,
        last_failure_at: next.lastFailureAt,
      };
      await trx
        .insertInto('image_hosts')
        .values({ host, ...values })
        .onConflict((c) => c.column('host').doUpdateSet(values))
        .execute();
      return next;
    });
  }
}

function toRecord(row: {
  host: string;
  sizes: string;
  failures_in_a_row: number;
  down_until: number;
  down_for_ms: number;
  last_error: string | null;
  last_failure_at: number | null;
}): HostDownRecord {
  return {
    host: row.host,
    sizes: row.sizes,
    failuresInARow: Number(row.failures_in_a_row),
    downUntil: Number(row.down_until),
    downForMs: Number(row.down_for_ms),
    lastError: row.last_error,
    lastFailureAt: row.last_failure_at === null ? null : Number(row.last_failure_at),
  };
}
