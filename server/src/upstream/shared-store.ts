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
  /** Counts one request sent to the host in `minute` (minutes since the epoch), by any process. */
  countRequest(host: string, minute: number): Promise<void>;
  /** Requests per host since `hourFrom` and since `dayFrom` (minutes), every process's. */
  requestCounts(hourFrom: number, dayFrom: number): Promise<HostRequestCounts[]>;
  /** Drops the counts of minutes before `minute`. */
  dropCountsBefore(minute: number): Promise<void>;
}

export interface HostRequestCounts {
  host: string;
  lastHour: number;
  lastDay: number;
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
    async countRequest(host, minute) {
      await db
        .insertInto('upstream_request_counts')
        .values({ host, minute, requests: 1 })
        .onConflict((conflict) =>
          conflict
            .columns(['host', 'minute'])
            .doUpdateSet({ requests: sql`upstream_request_counts.requests + 1` }),
        )
        .execute();
    },
    async requestCounts(hourFrom, dayFrom) {
      const rows = await db
        .selectFrom('upstream_request_counts')
        .select((eb) => [
          'host',
          eb.fn
            .sum<number>(
              eb.case().when('minute', '>=', hourFrom).then(eb.ref('requests')).else(0).end(),
            )
            .as('last_hour'),
          eb.fn.sum<number>('requests').as('last_day'),
        ])
        .where('minute', '>=', dayFrom)
        .groupBy('host')
        .execute();
      return rows.map((r) => ({
        host: r.host,
        lastHour: Number(r.last_hour),
        lastDay: Number(r.last_day),
      }));
    },
    async dropCountsBefore(minute) {
      await db.deleteFrom('upstream_request_counts').where('minute', '<', minute).execute();
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
