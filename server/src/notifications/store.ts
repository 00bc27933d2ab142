import type { Locale, NotificationEvent } from '@capshelf/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db';
import type { NotificationChannelsTable } from '../db/schema';
import type { NotificationEventInput } from './events';

export type ChannelRow = Selectable<NotificationChannelsTable>;
export interface DeliveryResult {
  at: string;
  ok: boolean;
  status: number | null;
  error: string | null;
}

/** SQL of the channels: each user's own, every query scoped by user_id. */
export class ChannelStore {
  constructor(private readonly db: Kysely<Database>) {}

  list(userId: number): Promise<ChannelRow[]> {
    return this.db
      .selectFrom('notification_channels')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  }

  async get(userId: number, id: number): Promise<ChannelRow | null> {
    const row = await this.db
      .selectFrom('notification_channels')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  /** Inserts unless the user already has `max` channels (counted in the same transaction). */
  async create(
    userId: number,
    values: { type: 'email' | 'webhook'; format: string | null; url: string | null },
    events: NotificationEvent[],
    max: number,
    at: string,
  ): Promise<ChannelRow | null> {
    return this.db.transaction().execute(async (trx) => {
      const { n } = await trx
        .selectFrom('notification_channels')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(n) >= max) return null;
      return trx
        .insertInto('notification_channels')
        .values({ user_id: userId, ...values, events: JSON.stringify(events), created_at: at })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  async byId(id: number): Promise<ChannelRow | null> {
    const row = await this.db
      .selectFrom('notification_channels')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  async setEvents(userId: number, id: number, events: NotificationEvent[]): Promise<boolean> {
    const result = await this.db
      .updateTable('notification_channels')
      .set({ events: JSON.stringify(events) })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async remove(userId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('notification_channels')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async recordResult(id: number, result: DeliveryResult): Promise<void> {
    await this.db
      .updateTable('notification_channels')
      .set({
        last_at: result.at,
        last_ok: result.ok ? 1 : 0,
        last_status: result.status,
        last_error: result.error,
      })
      .where('id', '=', id)
      .execute();
  }

  /** Events waiting per channel of the user (new, retrying or being sent). */
  async pendingCounts(userId: number): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('notification_outbox')
      .select(['channel_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('user_id', '=', userId)
      .where('status', 'in', ['pending', 'sending'])
      .groupBy('channel_id')
      .execute();
    return new Map(rows.map((r) => [r.channel_id, Number(r.n)]));
  }

  /**
   * Queues the event for each of the user's channels that wants it, in one transaction; an event
   * already queued for a channel (same key) is not queued again. Answers how many rows were added.
   */
  async enqueue(
    userId: number,
    event: NotificationEvent,
    input: NotificationEventInput,
    at: string,
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      // A disabled account's channels are sent nothing (a finished task of theirs included).
      const channels = await trx
        .selectFrom('notification_channels')
        .innerJoin('users', 'users.id', 'notification_channels.user_id')
        .select(['notification_channels.id', 'notification_channels.events'])
        .where('notification_channels.user_id', '=', userId)
        .where('users.disabled', '=', 0)
        .execute();
      const wanting = channels.filter((c) =>
        (JSON.parse(c.events) as NotificationEvent[]).includes(event),
      );
      if (wanting.length === 0) return 0;
      const inserted = await trx
        .insertInto('notification_outbox')
        .values(
          wanting.map((c) => ({
            user_id: userId,
            channel_id: c.id,
            event,
            event_key: input.key,
            payload: JSON.stringify(input.payload),
            next_attempt_at: at,
            status: 'pending' as const,
            created_at: at,
          })),
        )
        .onConflict((oc) => oc.columns(['channel_id', 'event_key']).doNothing())
        .returning('id')
        .execute();
      return inserted.length;
    });
  }

  /**
   * Who follows a work (every mode), in their language: each gets the work's new-episode event.
   * A disabled account is told nothing.
   */
  async followersOf(work: {
    kind: string;
    work_id: number;
  }): Promise<{ id: number; locale: Locale }[]> {
    return this.db
      .selectFrom('follows')
      .innerJoin('users', 'users.id', 'follows.user_id')
      .select(['users.id', 'users.locale'])
      .where('follows.kind', '=', work.kind as 'anime')
      .where('follows.work_id', '=', work.work_id)
      .where('users.disabled', '=', 0)
      .orderBy('users.id')
      .execute();
  }

  /** The account's language (`users.locale`): every text it is sent is in it. */
  async localeOf(userId: number): Promise<Locale> {
    const row = await this.db
      .selectFrom('users')
      .select('locale')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.locale ?? 'zh-CN';
  }

  /** A download task as it was written last (its counts and reasons for the event's text). */
  async downloadTask(id: string) {
    const row = await this.db
      .selectFrom('downloads')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  async emailOf(userId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.email ?? null;
  }
}
