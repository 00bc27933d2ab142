import type { ImageSize } from '../config';
import type { HostDownRecord, HostDownStore } from './host-down-store';
import {
  UpstreamConnectionError,
  UpstreamHttpError,
  UpstreamNotFoundError,
  UpstreamTimeoutError,
} from '../upstream';

/** Failures in a row (no success between) after which a host counts as down. */
export const DOWN_AFTER = 3;
/** How long a host stays down before one request probes it; doubled per failed probe. */
export const FIRST_DOWN_MS = 10 * 60_000;
const LONGEST_DOWN_MS = 6 * 60 * 60_000;

export interface ImageHostState {
  host: string;
  /** What it serves (several sizes when templates share a host). */
  sizes: ImageSize[];
  state: 'up' | 'down';
  /** While down: when one request may probe it again (ISO). */
  downUntil: string | null;
  failuresInARow: number;
  lastError: string | null;
  lastFailureAt: string | null;
}

interface HostRecord {
  sizes: Set<ImageSize>;
  failuresInARow: number;
  downUntil: number;
  downForMs: number;
  lastError: string | null;
  lastFailureAt: number | null;
}

/** How often the hosts' shared state is read again (a read is one small query). */
const REFRESH_MS = 1000;

/**
 * Failures that say the host, not the image, is the problem. A 404 says so only once another host
 * served the same id (the store reports it then); rate limits are the cool-down's business.
 */
export function isHostFailure(error: unknown): boolean {
  return (
    error instanceof UpstreamConnectionError ||
    error instanceof UpstreamTimeoutError ||
    (error instanceof UpstreamHttpError && error.status >= 500)
  );
}

/**
 * Which image hosts stopped answering, learnt from the image stores' own fetches: after
 * DOWN_AFTER failures in a row a host is skipped (no request per image), until a single probe
 * after FIRST_DOWN_MS (doubling while it stays dead) finds it back. Shared through the database
 * (host-down-store.ts) when given a store: every process's failures count, and a host one process
 * learnt is down is skipped by all. Decisions read this process's copy (no query per image fetch),
 * changed at once by its own fetches and read again from the store at most every REFRESH_MS.
 */
export class ImageHostHealth {
  readonly #hosts = new Map<string, HostRecord>();
  /** Hosts with a probe on the wire: everything else keeps skipping them meanwhile. */
  readonly #probing = new Set<string>();
  /** Hosts with a change on its way to the store: a read meanwhile would be older than this copy. */
  readonly #writing = new Map<string, number>();
  #readAt = -Infinity;
  #reading: Promise<void> | null = null;

  constructor(
    private readonly store?: HostDownStore,
    private readonly now: () => number = () => Date.now(),
  ) {}

  #record(host: string, size: ImageSize): HostRecord {
    let record = this.#hosts.get(host);
    if (!record) {
      record = {
        sizes: new Set(),
        failuresInARow: 0,
        downUntil: 0,
        downForMs: FIRST_DOWN_MS,
        lastError: null,
        lastFailureAt: null,
      };
      this.#hosts.set(host, record);
    }
    record.sizes.add(size);
    return record;
  }

  /** Whether to skip the host now; past its down time, the first caller gets to probe it. */
  shouldSkip(host: string): boolean {
    void this.refresh();
    const record = this.#hosts.get(host);
    if (!record || record.failuresInARow < DOWN_AFTER) return false;
    if (this.now() < record.downUntil || this.#probing.has(host)) return true;
    this.#probing.add(host);
    return false;
  }

  succeeded(host: string, size: ImageSize): void {
    const record = this.#record(host, size);
    this.#probing.delete(host);
    // Nothing to tell the other processes (and no write per fetch) unless it had failed.
    if (record.failuresInARow === 0) return;
    cleared(record);
    this.#share(host, size, (stored) => cleared(stored ?? record));
  }

  failed(host: string, size: ImageSize, error: unknown): void {
    const wasProbe = this.#probing.delete(host);
    const [what, at] = [describe(error), this.now()];
    failedOnce(this.#record(host, size), what, at, wasProbe);
    this.#share(host, size, (stored) =>
      failedOnce(stored ?? { ...this.#record(host, size), failuresInARow: 0 }, what, at, wasProbe),
    );
  }

  /** A probe that ended without a verdict (e.g. rate limited) frees the next one. */
  settled(host: string): void {
    this.#probing.delete(host);
  }

  /** Reads the shared state again (at most every REFRESH_MS unless `force`). */
  refresh(force = false): Promise<void> {
    const store = this.store;
    if (!store || (!force && this.now() - this.#readAt < REFRESH_MS)) return Promise.resolve();
    this.#readAt = this.now();
    this.#reading ??= store
      .all()
      .then((rows) => rows.forEach((row) => this.#adopt(row)))
      // A failing store leaves this process with what it learnt itself.
      .catch(() => undefined)
      .finally(() => (this.#reading = null));
    return this.#reading;
  }

  hosts(): ImageHostState[] {
    return [...this.#hosts].map(([host, record]) => {
      const down = record.failuresInARow >= DOWN_AFTER;
      return {
        host,
        sizes: [...record.sizes],
        state: down ? 'down' : 'up',
        downUntil: down ? new Date(record.downUntil).toISOString() : null,
        failuresInARow: record.failuresInARow,
        lastError: record.lastError,
        lastFailureAt:
          record.lastFailureAt === null ? null : new Date(record.lastFailureAt).toISOString(),
      };
    });
  }

  /** Writes a change to the shared state and takes what the store then holds. */
  #share(host: string, size: ImageSize, apply: (stored: HostRecord | undefined) => HostRecord) {
    const store = this.store;
    if (!store) return;
    this.#writing.set(host, (this.#writing.get(host) ?? 0) + 1);
    void store
      .change(host, (row) => {
        const next = apply(row && fromRow(row));
        next.sizes.add(size);
        return toRow(host, next);
      })
      .then((row) => {
        if (this.#writing.get(host) === 1) this.#adopt(row, true);
      })
      .catch(() => undefined)
      .finally(() => {
        const left = (this.#writing.get(host) ?? 1) - 1;
        if (left > 0) this.#writing.set(host, left);
        else this.#writing.delete(host);
      });
  }

  #adopt(row: HostDownRecord, own = false): void {
    if (!own && this.#writing.has(row.host)) return;
    const stored = fromRow(row);
    const record = this.#hosts.get(row.host);
    if (record) for (const size of record.sizes) stored.sizes.add(size);
    this.#hosts.set(row.host, stored);
  }
}

/** One more failure in a row; past DOWN_AFTER the host is down (for twice as long after a failed probe). */
function failedOnce(record: HostRecord, what: string, at: number, wasProbe: boolean): HostRecord {
  record.failuresInARow += 1;
  record.lastError = what;
  record.lastFailureAt = at;
  if (record.failuresInARow < DOWN_AFTER) return record;
  if (wasProbe) record.downForMs = Math.min(record.downForMs * 2, LONGEST_DOWN_MS);
  record.downUntil = at + record.downForMs;
  return record;
}

function cleared(record: HostRecord): HostRecord {
  record.failuresInARow = 0;
  record.downUntil = 0;
  record.downForMs = FIRST_DOWN_MS;
  return record;
}

function fromRow(row: HostDownRecord): HostRecord {
  return {
    sizes: new Set(row.sizes.split(',').filter(Boolean) as ImageSize[]),
    failuresInARow: row.failuresInARow,
    downUntil: row.downUntil,
    downForMs: row.downForMs,
    lastError: row.lastError,
    lastFailureAt: row.lastFailureAt,
  };
}

function toRow(host: string, record: HostRecord): HostDownRecord {
  return { host, ...record, sizes: [...record.sizes].join(',') };
}

function describe(error: unknown): string {
  if (error instanceof UpstreamNotFoundError) return 'not_found_but_exists_elsewhere';
  if (error instanceof UpstreamTimeoutError) return 'timeout';
  if (error instanceof UpstreamHttpError) return `http_${error.status}`;
  if (error instanceof UpstreamConnectionError) return 'connection_error';
  return 'error';
}
