import type { Logger } from '../logger';
import type { Wakeups } from '../wakeups';
import type { OutboxRow, OutboxStore } from './outbox-store';
import type { NotificationPayload } from './payload';
import type { ChannelSender } from './sender';
import type { ChannelStore } from './store';

/** Waits before the 2nd, 3rd and 4th attempt; a 4th failure gives up (the channel shows 失败). */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000];
/** A claim outlives one attempt (name lookup and request deadlines) with room to spare. */
const CLAIM_MS = 2 * 60_000;
const POLL_MS = 1000;
/** At once per process: in all, per user, and per channel (one slow webhook holds one slot). */
const MAX_IN_FLIGHT = 8;
const MAX_PER_USER = 2;
const BATCH = 50;
/** A stop waits this long for deliveries in flight, then hands the rest back to the outbox. */
const STOP_GRACE_MS = 1500;
/** Sent and given-up rows are kept this long (so a repeated event is not told again), then go. */
const KEEP_MS = 7 * 24 * 60 * 60_000;

/**
 * Drains the outbox in the background: claims due rows atomically (several processes share the
 * table), sends each once, records the channel's last result, and retries with backoff. Bounded
 * per user and per channel, so a slow or dead webhook never delays another user's deliveries.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private readonly inFlight = new Map<
    number,
    { rowId: number; userId: number; done: Promise<void> }
  >();
  private pass: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private lastPrune = 0;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly deps: {
      outbox: OutboxStore;
      channels: ChannelStore;
      sender: ChannelSender;
      now: () => number;
      logger: Logger;
      /** Wakes the worker when a row is queued in any process; without it, polling alone. */
      wakeups?: Pick<Wakeups, 'on'>;
    },
  ) {}

  start(): void {
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
    this.unsubscribe = this.deps.wakeups?.on('notifications', () => this.kick()) ?? null;
  }

  /**
   * Takes no more rows; deliveries in flight get a moment to end, and those a hung SMTP server or
   * webhook still holds are handed back (pending again, due now) for the next start or another
   * process, so a restart never waits on a receiver.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe?.();
    await this.pass;
    let timer: NodeJS.Timeout | undefined;
    const ended = Promise.allSettled([...this.inFlight.values()].map((d) => d.done));
    const waited = new Promise<'late'>((resolve) => {
      timer = setTimeout(resolve, STOP_GRACE_MS, 'late');
    });
    const late = (await Promise.race([ended, waited])) === 'late';
    clearTimeout(timer);
    if (!late) return;
    const held = [...this.inFlight.values()].map((d) => d.rowId);
    await this.deps.outbox.release(held, new Date(this.deps.now()).toISOString());
    this.deps.logger.info({ notifications: held.length }, 'deliveries in flight handed back');
  }

  /** Looks for due rows now (at a wake-up, or when a slot frees). */
  kick(): void {
    if (this.stopped) return;
    if (this.pass) {
      this.again = true;
      return;
    }
    this.pass = this.claimDue()
      .catch((error: unknown) => this.deps.logger.warn({ err: error }, 'notification pass failed'))
      .finally(() => {
        this.pass = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Delivers everything due now and waits for it (tests, with the clock they move). */
  async drain(): Promise<void> {
    for (;;) {
      await this.pass;
      this.kick();
      await this.pass;
      const busy = [...this.inFlight.values()].map((d) => d.done);
      if (busy.length === 0 && !this.pass) return;
      await Promise.allSettled(busy);
    }
  }

  private async claimDue(): Promise<void> {
    const { outbox, now } = this.deps;
    if (now() - this.lastPrune > 60 * 60_000) {
      this.lastPrune = now();
      await outbox.prune(new Date(now() - KEEP_MS).toISOString());
    }
    const rows = await outbox.due(new Date(now()).toISOString(), BATCH);
    for (const row of rows) {
      if (this.stopped || this.inFlight.size >= MAX_IN_FLIGHT) return;
      if (this.inFlight.has(row.channel_id) || this.userLoad(row.user_id) >= MAX_PER_USER) continue;
      if (!(await outbox.claim(row, new Date(now() + CLAIM_MS).toISOString()))) continue;
      const done = this.deliver(row)
        .catch((error: unknown) =>
          this.deps.logger.warn({ err: error, notification: row.id }, 'notification not settled'),
        )
        .finally(() => {
          this.inFlight.delete(row.channel_id);
          this.kick();
        });
      this.inFlight.set(row.channel_id, { rowId: row.id, userId: row.user_id, done });
    }
  }

  private userLoad(userId: number): number {
    return [...this.inFlight.values()].filter((d) => d.userId === userId).length;
  }

  private async deliver(row: OutboxRow): Promise<void> {
    const { outbox, channels, sender, now } = this.deps;
    const channel = await channels.byId(row.channel_id);
    if (!channel) return outbox.settle(row.id, 'failed');
    const result = await sender.send(channel, JSON.parse(row.payload) as NotificationPayload);
    await channels.recordResult(channel.id, result);
    const attempts = row.attempts + 1;
    if (result.ok) return outbox.settle(row.id, 'sent');
    const delay = RETRY_DELAYS_MS[attempts - 1];
    if (result.final || delay === undefined) return outbox.settle(row.id, 'failed');
    await outbox.settle(row.id, { retryAt: new Date(now() + delay).toISOString() });
  }
}
