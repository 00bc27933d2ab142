import type { HostBook } from './health';
import type { HostRequestCounts, SharedHostStore } from './shared-store';

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

/** How long a cool-down read from the store is trusted before asking again. */
export const COOL_DOWN_REFRESH_MS = 250;

interface Warner {
  warn(details: object, message: string): void;
}

/**
 * This process's window on the shared host state. Cool-downs found in the store are copied into
 * the process's own book, so the existing synchronous checks and the health report see them. A
 * failing store never stops requests: pacing falls back to the lane's own clock (the caller gets
 * null) and cool-downs to this process's memory.
 */
export class SharedHosts {
  readonly #readAt = new Map<string, number>();
  readonly #reading = new Map<string, Promise<void>>();
  #prunedAt = -Infinity;

  constructor(
    private readonly store: SharedHostStore,
    private readonly book: HostBook,
    private readonly now: () => number,
    private readonly logger?: Warner,
  ) {}

  /** The start time of a slot claimed across all processes, or null when the store failed. */
  async reserve(host: string, gapMs: number): Promise<number | null> {
    try {
      const slot = await this.store.reserve(host, gapMs, this.now());
      this.#adopt(host, slot.coolDownUntil);
      return slot.startAt;
    } catch (error) {
      this.logger?.warn({ host, err: error }, 'shared upstream pacing unavailable; pacing locally');
      return null;
    }
  }

  /** Brings the host's cool-down up to date, asking the store at most every COOL_DOWN_REFRESH_MS. */
  refresh(host: string): Promise<void> {
    if (this.now() - (this.#readAt.get(host) ?? -Infinity) < COOL_DOWN_REFRESH_MS) {
      return Promise.resolve();
    }
    let reading = this.#reading.get(host);
    if (!reading) {
      reading = this.store
        .coolDownUntil(host)
        .then((until) => this.#adopt(host, until))
        .catch((error: unknown) => this.logger?.warn({ host, err: error }, 'cool-down read failed'))
        .finally(() => this.#reading.delete(host));
      this.#reading.set(host, reading);
    }
    return reading;
  }

  /** Tells every process about this process's cool-down of the host. */
  async publish(host: string): Promise<void> {
    const until = this.book.coolDownUntil(host);
    if (until <= this.now()) return;
    try {
      await this.store.coolDown(host, until);
    } catch (error) {
      this.logger?.warn({ host, err: error }, 'could not share the cool-down');
    }
  }

  /**
   * Counts a request for the site-health page in every process's totals (not awaited: a count is
   * never worth delaying a request); once an hour, counts older than a day go.
   */
  countRequest(host: string): void {
    const minute = Math.floor(this.now() / MINUTE_MS);
    const stale = minute - DAY_MINUTES;
    const prune = this.#prunedAt < minute - 60 ? this.store.dropCountsBefore(stale) : null;
    if (prune) this.#prunedAt = minute;
    Promise.all([this.store.countRequest(host, minute), prune]).catch((error: unknown) =>
      this.logger?.warn({ host, err: error }, 'could not count the request'),
    );
  }

  /** Requests per host in the last hour and day, every process's (null when the store failed). */
  async requestCounts(): Promise<Map<string, HostRequestCounts> | null> {
    const minute = Math.floor(this.now() / MINUTE_MS);
    try {
      const rows = await this.store.requestCounts(minute - 59, minute - DAY_MINUTES + 1);
      return new Map(rows.map((row) => [row.host, row]));
    } catch (error) {
      this.logger?.warn({ err: error }, 'could not read the request counts');
      return null;
    }
  }

  async endCoolDown(host: string): Promise<void> {
    try {
      await this.store.endCoolDown(host);
    } catch (error) {
      this.logger?.warn({ host, err: error }, 'could not end the shared cool-down');
    }
  }

  #adopt(host: string, until: number): void {
    this.#readAt.set(host, this.now());
    this.book.extendCoolDown(host, until);
  }
}
