import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db';
import type { NotificationOutboxTable } from '../db/schema';

export type OutboxRow = Selectable<NotificationOutboxTable>;

/** SQL of the outbox the delivery worker drains; claims are atomic, so each row is sent once. */
export class OutboxStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Rows due at `at`: pending ones whose time has come, and claims of a process that died. Rows of
   * an account disabled since they were queued wait; they go if it is enabled again.
   */
  due(at: string, limit: number): Promise<OutboxRow[]> {
    return this.db
      .selectFrom('notification_outbox')
      .innerJoin('users', 'users.id', 'notification_outbox.user_id')
      .selectAll('notification_outbox')
      .where('users.disabled', '=', 0)
      .where('notification_outbox.status', 'in', ['pending', 'sending'])
      .where('notification_outbox.next_attempt_at', '<=', at)
      .orderBy('notification_outbox.next_attempt_at')
      .orderBy('notification_outbox.id')
      .limit(limit)
      .execute();
  }

  /**
   * Takes the row for one attempt if no other process took it since it was read (its status,
   * time and attempt count unchanged); the claim ends at `until`.
   */
  async claim(row: OutboxRow, until: string): Promise<boolean> {
    const result = await this.db
      .updateTable('notification_outbox')
      .set({ status: 'sending', next_attempt_at: until, attempts: row.attempts + 1 })
      .where('id', '=', row.id)
      .where('status', '=', row.status)
      .where('next_attempt_at', '=', row.next_attempt_at)
      .where('attempts', '=', row.attempts)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The attempt's end: sent, failed for good, or pending again at `retryAt`. */
  async settle(id: number, outcome: 'sent' | 'failed' | { retryAt: string }): Promise<void> {
    await this.db
      .updateTable('notification_outbox')
      .set(
        typeof outcome === 'string'
          ? { status: outcome }
          : { status: 'pending', next_attempt_at: outcome.retryAt },
      )
      .where('id', '=', id)
      .where('status', '=', 'sending')
      .execute();
  }

  /**
   * Gives claimed rows back, due now and with their attempt uncounted: a stopping process hands
   * on what it could not finish (sent at least once, maybe twice, never lost).
   */
  async release(ids: number[], at: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('notification_outbox')
      .set((eb) => ({
        status: 'pending',
        next_attempt_at: at,
        attempts: eb('attempts', '-', 1),
      }))
      .where('id', 'in', ids)
      .where('status', '=', 'sending')
      .execute();
  }

  /** Delivered and given-up rows older than `before` go (the channel keeps its last result). */
  async prune(before: string): Promise<void> {
    await this.db
      .deleteFrom('notification_outbox')
      .where('status', 'in', ['sent', 'failed'])
      .where('created_at', '<', before)
      .execute();
  }
}
