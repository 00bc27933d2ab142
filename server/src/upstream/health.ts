export type HostStatus = 'ok' | 'degraded' | 'rate_limited' | 'unreachable';

export type RequestOutcome =
  | 'ok'
  | 'not_found'
  | 'rate_limited'
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
}

/** How long a failure counts as recent. */
const RECENT_MS = 5 * 60_000;
/** Failures within RECENT_MS that mark a host degraded even after a success. */
const DEGRADED_AFTER = 3;
/** Consecutive connection failures after which a host counts as unreachable. */
const UNREACHABLE_AFTER = 3;

/** A 404 is the site answering normally, so it is no failure of the host. */
const HEALTHY_OUTCOMES: ReadonlySet<RequestOutcome> = new Set(['ok', 'not_found']);

interface HostRecord {
  lastOutcome: RequestOutcome | null;
  lastAt: number | null;
  failures: number[];
  connectionFailuresInARow: number;
  coolDownUntil: number;
  requestsSent: number;
}

function freshRecord(): HostRecord {
  return {
    lastOutcome: null,
    lastAt: null,
    failures: [],
    connectionFailuresInARow: 0,
    coolDownUntil: 0,
    requestsSent: 0,
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
    this.#record(host).requestsSent += 1;
  }

  recordOutcome(host: string, outcome: RequestOutcome): void {
    const record = this.#record(host);
    const now = this.now();
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
    };
  }

  hosts(): string[] {
    return [...this.#hosts.keys()];
  }
}
