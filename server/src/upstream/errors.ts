import type { ChallengeReason } from '@capshelf/contract';

/** Stable codes the HTTP layer maps to its own answers. */
export type UpstreamErrorCode =
  'UPSTREAM_RATE_LIMITED' | 'UPSTREAM_ERROR' | 'UPSTREAM_TIMEOUT' | 'UPSTREAM_NOT_FOUND';

export abstract class UpstreamError extends Error {
  abstract readonly code: UpstreamErrorCode;
  constructor(
    message: string,
    /** The URL asked for, when there was one. */
    readonly url?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 403, 429 or a challenge page; also thrown without network while the host cools down. */
export class UpstreamRateLimitedError extends UpstreamError {
  readonly code = 'UPSTREAM_RATE_LIMITED';
  constructor(
    readonly host: string,
    readonly retryAfterSeconds: number,
    url?: string,
    readonly status: number | null = null,
    /** Set when the site challenged and the challenge could not be passed: why not. */
    readonly challenge: ChallengeReason | null = null,
    /** Cloudflare's block page ("Sorry, you have been blocked"): refused, not merely paced. */
    readonly blocked = false,
  ) {
    super(`${host} is rate limiting us; retry in ${retryAfterSeconds}s`, url);
  }
}

export class UpstreamNotFoundError extends UpstreamError {
  readonly code = 'UPSTREAM_NOT_FOUND';
  constructor(url: string) {
    super(`not found upstream: ${url}`, url);
  }
}

/** An unexpected status (5xx after retries, other 4xx, too many redirects). */
export class UpstreamHttpError extends UpstreamError {
  readonly code = 'UPSTREAM_ERROR';
  constructor(
    readonly status: number,
    url: string,
  ) {
    super(`upstream answered HTTP ${status}: ${url}`, url);
  }
}

export class UpstreamTimeoutError extends UpstreamError {
  readonly code = 'UPSTREAM_TIMEOUT';
  constructor(
    readonly timeoutMs: number,
    url: string,
  ) {
    super(`upstream did not answer within ${timeoutMs} ms: ${url}`, url);
  }
}

/** Could not connect, or the connection broke, even after retries. */
export class UpstreamConnectionError extends UpstreamError {
  readonly code = 'UPSTREAM_ERROR';
  constructor(url: string, options: { cause: unknown }) {
    super(`cannot reach upstream: ${url}`, url);
    this.cause = options.cause;
  }
}

/** A body that is not what was asked for: truncated or non-HTML page, empty or non-image image. */
export class UpstreamBadResponseError extends UpstreamError {
  readonly code = 'UPSTREAM_ERROR';
  constructor(reason: string, url?: string) {
    super(
      url ? `bad upstream response (${reason}): ${url}` : `bad upstream response (${reason})`,
      url,
    );
  }
}

/** A URL that is not the site's: the client never sends it. */
export class UpstreamUrlRefusedError extends UpstreamError {
  readonly code = 'UPSTREAM_ERROR';
  constructor(url: string) {
    super(`refusing to fetch a URL outside the upstream site: ${url}`, url);
  }
}
