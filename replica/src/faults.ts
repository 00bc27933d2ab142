import { HOST_NAMES, type HostName } from './hosts';

export type FaultKind =
  | { type: 'rate-limit'; retryAfter?: number }
  | { type: 'challenge'; status?: 403 | 503 | 200 }
  /**
   * Cloudflare's JavaScript challenge (pages only make sense): a browser passes it after
   * `delayMs`, a plain client never; `captcha` pages want a human and pass nobody.
   */
  | { type: 'js-challenge'; delayMs?: number; captcha?: boolean }
  /**
   * Cloudflare's managed challenge (pages only): a Turnstile checkbox that only a trusted click
   * clears, from a browser whose User-Agent and client hints agree.
   */
  | {
      type: 'managed-challenge';
      /** As Cloudflare's does, the widget says "Verifying…" this long before its checkbox shows. */
      checkboxAfterMs?: number;
      /** Trusted clicks the checkbox takes: each before the last fails and offers it again. */
      clicksNeeded?: number;
    }
  /** Cloudflare's block page (403, no challenge) to one browser family, told by its User-Agent. */
  | { type: 'refuse-browser'; browser: 'chrome' | 'firefox' }
  | { type: 'error'; status: 500 | 502 | 503 }
  | { type: 'slow'; delayMs: number }
  | { type: 'hang' }
  | { type: 'truncated' };

/** A fault hits every request on its host, or only the next `times` ones and then clears itself. */
export type Fault = FaultKind & { times?: number };

export class FaultTable {
  private readonly faults = new Map<HostName, Fault>();

  set(host: HostName, fault: Fault | null): void {
    if (fault) this.faults.set(host, { ...fault });
    else this.faults.delete(host);
  }

  clear(): void {
    this.faults.clear();
  }

  /** The fault set on the host, without counting a request against it. */
  peek(host: HostName): Fault | undefined {
    return this.faults.get(host);
  }

  /** The fault that applies to one request now, counting it against `times`. */
  take(host: HostName): Fault | undefined {
    const fault = this.faults.get(host);
    if (fault?.times === undefined) return fault;
    fault.times -= 1;
    if (fault.times <= 0) this.faults.delete(host);
    return fault;
  }

  snapshot(): Partial<Record<HostName, Fault>> {
    return Object.fromEntries([...this.faults].map(([host, fault]) => [host, { ...fault }]));
  }
}

const STATUSES: Record<string, readonly number[]> = {
  challenge: [403, 503, 200],
  error: [500, 502, 503],
};

/** Validates a fault arriving over HTTP; returns an error message or the fault. */
export function parseFault(value: unknown): Fault | string {
  if (typeof value !== 'object' || value === null) return 'fault must be an object';
  const f = value as Record<string, unknown>;
  const isCount = (v: unknown) => v === undefined || (Number.isInteger(v) && (v as number) >= 0);
  if (f.times !== undefined && !(Number.isInteger(f.times) && (f.times as number) >= 1)) {
    return 'times must be a positive integer';
  }
  switch (f.type) {
    case 'rate-limit':
      return isCount(f.retryAfter) ? (f as Fault) : 'retryAfter must be a non-negative integer';
    case 'challenge':
      return f.status === undefined || STATUSES.challenge!.includes(f.status as number)
        ? (f as Fault)
        : 'challenge status must be 403, 503 or 200';
    case 'error':
      return STATUSES.error!.includes(f.status as number)
        ? (f as Fault)
        : 'error status must be 500, 502 or 503';
    case 'slow':
      return isCount(f.delayMs) && f.delayMs !== undefined ? (f as Fault) : 'slow needs delayMs';
    case 'js-challenge':
      if (!isCount(f.delayMs)) return 'delayMs must be a non-negative integer';
      return f.captcha === undefined || typeof f.captcha === 'boolean'
        ? (f as Fault)
        : 'captcha must be a boolean';
    case 'refuse-browser':
      return f.browser === 'chrome' || f.browser === 'firefox'
        ? (f as Fault)
        : 'browser must be chrome or firefox';
    case 'managed-challenge':
      if (!isCount(f.checkboxAfterMs)) return 'checkboxAfterMs must be a non-negative integer';
      return f.clicksNeeded === undefined ||
        (Number.isInteger(f.clicksNeeded) && (f.clicksNeeded as number) >= 1)
        ? (f as Fault)
        : 'clicksNeeded must be a positive integer';
    case 'hang':
    case 'truncated':
      return f as Fault;
    default:
      return `unknown fault type ${String(f.type)}`;
  }
}

export function isHostName(value: unknown): value is HostName {
  return HOST_NAMES.includes(value as HostName);
}
