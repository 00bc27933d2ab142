import type { ImageSize } from '../config';
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
 * Which image hosts stopped answering, learnt from the image store's own fetches: after
 * DOWN_AFTER failures in a row a host is skipped (no request per image), until a single probe
 * after FIRST_DOWN_MS (doubling while it stays dead) finds it back. Per process, in memory: a
 * restart or another worker relearns within DOWN_AFTER requests.
 */
export class ImageHostHealth {
  readonly #hosts = new Map<string, HostRecord>();
  /** Hosts with a probe on the wire: everything else keeps skipping them meanwhile. */
  readonly #probing = new Set<string>();

  constructor(private readonly now: () => number = () => Date.now()) {}

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
    const record = this.#hosts.get(host);
    if (!record || record.failuresInARow < DOWN_AFTER) return false;
    if (this.now() < record.downUntil || this.#probing.has(host)) return true;
    this.#probing.add(host);
    return false;
  }

  succeeded(host: string, size: ImageSize): void {
    const record = this.#record(host, size);
    this.#probing.delete(host);
    record.failuresInARow = 0;
    record.downUntil = 0;
    record.downForMs = FIRST_DOWN_MS;
  }

  failed(host: string, size: ImageSize, error: unknown): void {
    const record = this.#record(host, size);
    const wasProbe = this.#probing.delete(host);
    record.failuresInARow += 1;
    record.lastError = describe(error);
    record.lastFailureAt = this.now();
    if (record.failuresInARow < DOWN_AFTER) return;
    if (wasProbe) record.downForMs = Math.min(record.downForMs * 2, LONGEST_DOWN_MS);
    record.downUntil = this.now() + record.downForMs;
  }

  /** A probe that ended without a verdict (e.g. rate limited) frees the next one. */
  settled(host: string): void {
    this.#probing.delete(host);
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
}

function describe(error: unknown): string {
  if (error instanceof UpstreamNotFoundError) return 'not_found_but_exists_elsewhere';
  if (error instanceof UpstreamTimeoutError) return 'timeout';
  if (error instanceof UpstreamHttpError) return `http_${error.status}`;
  if (error instanceof UpstreamConnectionError) return 'connection_error';
  return 'error';
}
