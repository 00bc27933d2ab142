import { sql, type Kysely } from 'kysely';
import type { Database } from '../db';

/** A claimed start slot, with the host's cool-down as stored at that moment. */
export interface HostSlot {
  /** When the request may start (ms since the epoch). */
  startAt: number;
  coolDownUntil: number;
}

/** Pacing and cool-downs of the source hosts, shared by every app process on one database. */
export interface SharedHostStore {
  /** Claims the next start slot: `gapMs` after the previous slot any process claimed, or now. */
  reserve(host: string, gapMs: number, now: number): Promise<HostSlot>;
  /** Cools the host down for everyone until `until` (never shortens a longer cool-down). */
  coolDown(host: string, until: number): Promise<void>;
  coolDownUntil(host: string): Promise<number>;
  /** Ends the host's cool-down for everyone (a new clearance was obtained). */
  endCoolDown(host: string): Promise<void>;
}

/** The later of the stored column and a value, portable across SQLite and Postgres. */
const later = (column: 'next_at' | 'cooldown_until', value: number) =>
  sql<number>`CASE WHEN upstream_hosts.${sql.ref(column)} > ${value} THEN upstream_hosts.${sql.ref(column)} ELSE ${value} END`;

/**
 * The `upstream_hosts` table. Each call is one statement: an upsert's conflict update locks the
 * row (Postgres) or the database (SQLite), so two processes never get the same slot.
 */
export function databaseHostStore(db: Kysely<Database>): SharedHostStore {
  return {
    async reserve(host, gapMs, now) {
      // Whole milliseconds: the columns are bigint.
      const [gap, at] = [Math.ceil(gapMs), Math.floor(now)];
      const row = await db
        .insertInto('upstream_hosts')
        .values({ host, next_at: at + gap })
        .onConflict((conflict) =>
          conflict.column('host').doUpdateSet({ next_at: sql`${later('next_at', at)} + ${gap}` }),
        )
        .returning(['next_at', 'cooldown_until'])
        .executeTakeFirstOrThrow();
      return { startAt: Number(row.next_at) - gap, coolDownUntil: Number(row.cooldown_until) };
    },
    async coolDown(host, until) {
      const at = Math.ceil(until);
      await db
        .insertInto('upstream_hosts')
        .values({ host, cooldown_until: at })
        .onConflict((conflict) =>
          conflict.column('host').doUpdateSet({ cooldown_until: later('cooldown_until', at) }),
        )
        .execute();
    },
    async endCoolDown(host) {
      await db
        .updateTable('upstream_hosts')
        .set({ cooldown_until: 0 })
        .where('host', '=', host)
        .execute();
    },
    async coolDownUntil(host) {
      const row = await db
        .selectFrom('upstream_hosts')
        .select('cooldown_until')
        .where('host', '=', host)
        .executeTakeFirst();
      return Number(row?.cooldown_until ?? 0);
    },
  };
}
