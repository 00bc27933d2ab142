import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../db';

/** How long a lease lasts unrenewed: a holder that died elsewhere frees it after this. */
const LEASE_TTL_MS = 30_000;
/** How often a waiting process looks whether the holder is done. */
const POLL_MS = 100;

/**
 * Single flight across processes. Within a process, identical fetches already share a promise;
 * processes on one database (a scale-out) take a lease row per fetch key in `upstream_fetches`, so
 * when several are asked for the same listing or image at once, one fetches it and the others wait
 * and read what it stored. The holder renews its lease while it works. A lease left by a process
 * that died is taken over at once on the same machine (its pid is gone, or is ours after a
 * restart in a container), and after it expires from anywhere else.
 */
export class FetchLeases {
  /** Machine, process and its start (a pid is reused after a restart), and this instance. */
  private readonly holder = `${os.hostname()}/${process.pid}/${Math.round(performance.timeOrigin)}/${randomUUID()}`;

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * `fetch()` under the key's lease. If another process holds it, waits until it is done and
   * returns `stored()`, what that process left; when that is null (its fetch failed or stored
   * nothing), tries again.
   */
  async once<T>(key: string, fetch: () => Promise<T>, stored: () => Promise<T | null>): Promise<T> {
    for (;;) {
      if ((await this.claim(key)) || (await this.waitForRelease(key)) === 'taken over') {
        return this.holding(key, fetch);
      }
      const left = await stored();
      if (left !== null) return left;
    }
  }

  private async holding<T>(key: string, fetch: () => Promise<T>): Promise<T> {
    const renew = setInterval(() => {
      this.claim(key).catch(() => {
        // A failed renewal only shortens the lease; the fetch itself goes on.
      });
    }, LEASE_TTL_MS / 3);
    renew.unref();
    try {
      return await fetch();
    } finally {
      clearInterval(renew);
      await this.db
        .deleteFrom('upstream_fetches')
        .where('key', '=', key)
        .where('holder', '=', this.holder)
        .execute();
    }
  }

  /** Takes the lease if it is free, expired or already ours (then renews it). One statement. */
  private async claim(key: string): Promise<boolean> {
    const now = Date.now();
    const lease = { holder: this.holder, expires_at: now + LEASE_TTL_MS };
    const row = await this.db
      .insertInto('upstream_fetches')
      .values({ key, ...lease })
      .onConflict((conflict) =>
        conflict
          .column('key')
          .doUpdateSet(lease)
          .where((eb) =>
            eb.or([
              eb('upstream_fetches.expires_at', '<', now),
              eb('upstream_fetches.holder', '=', this.holder),
            ]),
          ),
      )
      .returning('holder')
      .executeTakeFirst();
    return row?.holder === this.holder;
  }

  /** Waits until the holder is done, or takes its lease over when the holder is dead. */
  private async waitForRelease(key: string): Promise<'released' | 'taken over'> {
    for (;;) {
      const row = await this.db
        .selectFrom('upstream_fetches')
        .select(['holder', 'expires_at'])
        .where('key', '=', key)
        .executeTakeFirst();
      if (!row || Number(row.expires_at) < Date.now()) return 'released';
      if (this.diedHere(row.holder) && (await this.takeOver(key, row.holder))) return 'taken over';
      await sleep(POLL_MS);
    }
  }

  /** Whether a holder was a process on this machine that no longer runs. */
  private diedHere(holder: string): boolean {
    const [host, pid, started] = holder.split('/');
    if (host !== os.hostname()) return false;
    // The same pid started at another time: an earlier life of this process, before a restart.
    if (Number(pid) === process.pid) return started !== `${Math.round(performance.timeOrigin)}`;
    try {
      process.kill(Number(pid), 0);
      return false;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ESRCH';
    }
  }

  private async takeOver(key: string, deadHolder: string): Promise<boolean> {
    const result = await this.db
      .updateTable('upstream_fetches')
      .set({ holder: this.holder, expires_at: Date.now() + LEASE_TTL_MS })
      .where('key', '=', key)
      .where('holder', '=', deadHolder)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
