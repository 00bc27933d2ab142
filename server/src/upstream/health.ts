export type HostStatus = 'ok' | 'degraded' | 'rate_limited' | 'unreachable';

export type RequestOutcome =
  | 'ok'
  | 'not_found'
  | 'rate_limited'
  /** A Cloudflare challenge, handed to the solver. */
  | 'challenged'
  | 'http_error'
  | 'timeout'
  | 'connection_error'
  | 'bad_response';

export interface HostHealth {
  host: string;
  status: HostStatus;
  lastOutcome: RequestOutcome | null;
  /** ISO time of the last outcome. */
  lastAt: string | null;
  /** Seconds left of the cool-down, while rate limited. */
  retryAfterSeconds: number | null;
  /** Failed requests in the last few minutes. */
  recentFailures: number;
  requestsSent: number;
  /** Requests sent in the last hour and the last day (this process). */
  requestsLastHour: number;
  requestsLastDay: number;
  /** The latest outcomes, newest first (at most RECENT_EVENTS). */
  recent: HostEvent[];
}

export interface HostEvent {
  /** ISO time. */
  at: string;
  outcome: RequestOutcome;
  /** The HTTP status, when an answer came. */
  status: number | null;
}

/** How long a failure counts as recent. */
const RECENT_MS = 5 * 60_000;
/** Failures within RECENT_MS that mark a host degraded even after a success. */
const DEGRADED_AFTER = 3;
/** Consecutive connection failures after which a host counts as unreachable. */
const UNREACHABLE_AFTER = 3;
/** Outcomes kept per host for the site-health page. */
const RECENT_EVENTS = 10;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** A 404 is the site answering normally, so it is no failure of the host. */
const HEALTHY_OUTCOMES: ReadonlySet<RequestOutcome> = new Set(['ok', 'not_found']);

interface HostRecord {
  lastOutcome: RequestOutcome | null;
  lastAt: number | null;
  failures: number[];
  connectionFailuresInARow: number;
  coolDownUntil: number;
  requestsSent: number;
  events: { at: number; outcome: RequestOutcome; status: number | null }[];
  /** Requests per minute (minute number since the epoch), the last day's only. */
  perMinute: Map<number, number>;
}

function freshRecord(): HostRecord {
  return {
    lastOutcome: null,
    lastAt: null,
    failures: [],
    connectionFailuresInARow: 0,
    coolDownUntil: 0,
    requestsSent: 0,
    events: [],
    perMinute: new Map(),
  };
}

/** Per-host outcomes, cool-downs and request counts. */
export class HostBook {
  readonly #hosts = new Map<string, HostRecord>();
  constructor(private readonly now: () => number) {}

  #record(host: string): HostRecord {
    let record = this.#hosts.get(host);
    if (!record) {
      record = freshRecord();
      this.#hosts.set(host, record);
    }
    return record;
  }

  countRequest(host: string): void {
    const record = this.#record(host);
    record.requestsSent += 1;
    const minute = Math.floor(this.now() / MINUTE_MS);
    record.perMinute.set(minute, (record.perMinute.get(minute) ?? 0) + 1);
    // Maps iterate in insertion order: the oldest minutes come first.
    for (const old of record.perMinute.keys()) {
      if (old > minute - DAY_MS / MINUTE_MS) break;
      record.perMinute.delete(old);
    }
  }

  recordOutcome(host: string, outcome: RequestOutcome, status: number | null = null): void {
    const record = this.#record(host);
    const now = this.now();
    record.events.unshift({ at: now, outcome, status });
    record.events.length = Math.min(record.events.length, RECENT_EVENTS);
    record.lastOutcome = outcome;
    record.lastAt = now;
    record.connectionFailuresInARow =
      outcome === 'connection_error' ? record.connectionFailuresInARow + 1 : 0;
    record.failures = record.failures.filter((at) => now - at < RECENT_MS);
    if (!HEALTHY_OUTCOMES.has(outcome)) record.failures.push(now);
  }

  startCoolDown(host: string, ms: number): void {
    this.extendCoolDown(host, this.now() + ms);
  }

  /** Cools the host down until `until` (ms since the epoch) unless it already is for longer. */
  extendCoolDown(host: string, until: number): void {
    if (until <= this.now() && !this.#hosts.has(host)) return;
    const record = this.#record(host);
    record.coolDownUntil = Math.max(record.coolDownUntil, until);
  }

  endCoolDown(host: string): void {
    const record = this.#hosts.get(host);
    if (record) record.coolDownUntil = 0;
  }

  coolDownUntil(host: string): number {
    return this.#hosts.get(host)?.coolDownUntil ?? 0;
  }

  /** Whole seconds left of the host's cool-down, or 0 when it may be asked. */
  coolDownSeconds(host: string): number {
    const left = (this.#hosts.get(host)?.coolDownUntil ?? 0) - this.now();
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  /** A host never asked is simply ok; looking does not add it to `hosts()`. */
  status(host: string): HostHealth {
    const record = this.#hosts.get(host) ?? freshRecord();
    const now = this.now();
    const recentFailures = record.failures.filter((at) => now - at < RECENT_MS).length;
    const retryAfterSeconds = this.coolDownSeconds(host);
    let status: HostStatus = 'ok';
    if (retryAfterSeconds > 0) status = 'rate_limited';
    else if (record.connectionFailuresInARow >= UNREACHABLE_AFTER) status = 'unreachable';
    else if (
      recentFailures >= DEGRADED_AFTER ||
      (record.lastOutcome !== null && !HEALTHY_OUTCOMES.has(record.lastOutcome))
    ) {
      status = 'degraded';
    }
    return {
      host,
      status,
      lastOutcome: record.lastOutcome,
      lastAt: record.lastAt === null ? null : new Date(record.lastAt).toISOString(),
      retryAfterSeconds: retryAfterSeconds > 0 ? retryAfterSeconds : null,
      recentFailures,
      requestsSent: record.requestsSent,
      requestsLastHour: this.#requestsSince(record, now - HOUR_MS),
      requestsLastDay: this.#requestsSince(record, now - DAY_MS),
      recent: record.events.map((e) => ({ ...e, at: new Date(e.at).toISOString() })),
    };
  }

  #requestsSince(record: HostRecord, since: number): number {
    let count = 0;
    for (const [minute, n] of record.perMinute) if (minute * MINUTE_MS >= since) count += n;
    return count;
  }

  hosts(): string[] {
    return [...this.#hosts.keys()];
  }
}
