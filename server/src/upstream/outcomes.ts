import {
  UpstreamBadResponseError,
  UpstreamConnectionError,
  UpstreamHttpError,
  UpstreamNotFoundError,
  UpstreamRateLimitedError,
  UpstreamTimeoutError,
  UpstreamError,
} from './errors';
import type { RequestOutcome } from './health';

const OUTCOMES: [new (...args: never[]) => UpstreamError, RequestOutcome][] = [
  [UpstreamRateLimitedError, 'rate_limited'],
  [UpstreamNotFoundError, 'not_found'],
  [UpstreamTimeoutError, 'timeout'],
  [UpstreamConnectionError, 'connection_error'],
  [UpstreamHttpError, 'http_error'],
  [UpstreamBadResponseError, 'bad_response'],
];

export function outcomeOf(error: unknown): RequestOutcome | null {
  return OUTCOMES.find(([type]) => error instanceof type)?.[1] ?? null;
}

/** Only failures that may pass on their own are retried; a 4xx never is. */
export function isRetryable(error: unknown): boolean {
  return (
    error instanceof UpstreamTimeoutError ||
    error instanceof UpstreamConnectionError ||
    (error instanceof UpstreamHttpError && error.status >= 500)
  );
}

export function statusOf(error: unknown): number | null {
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : null;
}

/** Any failure of one request as the upstream error it is (the caller's abort stays as it is). */
export function toTypedError(
  error: unknown,
  url: URL,
  timeoutMs: number,
  timeoutSignal: AbortSignal,
  callerSignal?: AbortSignal,
): unknown {
  if (error instanceof UpstreamError) return error;
  if (callerSignal?.aborted) return callerSignal.reason;
  if (timeoutSignal.aborted) {
    return new UpstreamTimeoutError(timeoutMs, url.href);
  }
  return new UpstreamConnectionError(url.href, { cause: error });
}
