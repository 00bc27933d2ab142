import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '../db';
import type { Logger } from '../logger';
import { LocalWakeups, WAKEUP_TOPICS, type WakeupTopic } from './local';

/** A Postgres channel per topic, in the capshelf namespace of the database. */
export const channelOf = (topic: WakeupTopic) => `capshelf_${topic}`;
const topicOfChannel = new Map(WAKEUP_TOPICS.map((topic) => [channelOf(topic), topic]));

export interface ReconnectSettings {
  /** The first wait after the connection dropped; doubles up to `maxMs` while it stays down. */
  minMs: number;
  maxMs: number;
}

export const WAKEUPS_APPLICATION_NAME = 'capshelf-wakeups';
const DEFAULT_RECONNECT: ReconnectSettings = { minMs: 250, maxMs: 30_000 };

/**
 * Wake-ups between processes through Postgres's LISTEN/NOTIFY: one dedicated connection per
 * process listens on every topic's channel (a pooled connection cannot: the pool hands it to
 * queries and LISTEN belongs to the session). `notify` tells this process's listeners at once and
 * the others through `pg_notify`, whose payload names the sender so it does not hear itself twice.
 * When the connection drops it is made again with growing waits; the workers' polling covers the
 * gap, and every topic is woken once on reconnecting for what was queued meanwhile.
 */
export class PostgresWakeups extends LocalWakeups {
  private readonly sender = randomBytes(6).toString('hex');
  /** The connection being made or in use; null while waiting to reconnect, or stopped. */
  private client: pg.Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  private delayMs: number;
  private connectedBefore = false;
  private up = false;
  private stopped = false;
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly deps: {
      url: string;
      db: Kysely<Database>;
      logger: Logger;
      reconnect?: ReconnectSettings;
    },
  ) {
    super((error) => deps.logger.error({ err: error }, 'a wake-up listener failed'));
    this.delayMs = this.reconnect.minMs;
  }

  /** Whether the listening connection is up (tests). */
  get listening(): boolean {
    return this.up;
  }

  override notify(topic: WakeupTopic): void {
    this.emit(topic);
    if (this.stopped) return;
    const sent = sql`select pg_notify(${channelOf(topic)}, ${this.sender})`
      .execute(this.deps.db)
      .then(
        () => undefined,
        (error: unknown) => this.deps.logger.warn({ err: error, topic }, 'wake-up not sent'),
      )
      .finally(() => this.sending.delete(sent));
    this.sending.add(sent);
  }

  /** Listens before answering (a failure is logged and retried, never thrown: polling goes on). */
  override async start(): Promise<void> {
    await this.connect();
  }

  override async stop(): Promise<void> {
    this.stopped = true;
    this.up = false;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    await Promise.allSettled([...this.sending]);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private get reconnect(): ReconnectSettings {
    return this.deps.reconnect ?? DEFAULT_RECONNECT;
  }

  private async connect(): Promise<void> {
    this.retry = null;
    if (this.stopped) return;
    // Keep-alive probes notice a peer that vanished without closing (a network cut), not only a
    // server that said goodbye.
    const client = new pg.Client({
      connectionString: this.deps.url,
      // Named, so an admin (and the tests) can tell it from the pool's connections.
      application_name: WAKEUPS_APPLICATION_NAME,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    this.client = client;
    client.on('notification', (message) => {
      const topic = topicOfChannel.get(message.channel);
      if (topic && message.payload !== this.sender) this.emit(topic);
    });
    // Without an 'error' listener a dropped connection would crash the process; 'end' follows.
    client.on('error', (error) => this.deps.logger.warn({ err: error }, 'wake-up connection lost'));
    client.on('end', () => this.dropped(client));
    try {
      await client.connect();
      await client.query(WAKEUP_TOPICS.map((t) => `LISTEN ${channelOf(t)}`).join('; '));
    } catch (error) {
      if (!this.stopped)
        this.deps.logger.warn({ err: error }, 'wake-ups not listening; polling until reconnected');
      this.dropped(client);
      await client.end().catch(() => undefined);
      return;
    }
    if (this.client !== client) return;
    this.up = true;
    this.delayMs = this.reconnect.minMs;
    // What was queued while no one listened woke no one here: every topic looks once.
    if (this.connectedBefore) for (const topic of WAKEUP_TOPICS) this.emit(topic);
    this.connectedBefore = true;
  }

  /** The connection `client` is gone: another is made after a wait (unless stopped or replaced). */
  private dropped(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    this.up = false;
    if (this.stopped) return;
    const wait = this.delayMs;
    this.delayMs = Math.min(this.delayMs * 2, this.reconnect.maxMs);
    this.retry = setTimeout(() => void this.connect(), wait);
    this.retry.unref();
  }
}
