import { z } from 'zod';

/** Machine codes of every error the API returns (docs/api.md, Conventions). */
export const ErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  GONE: 'GONE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  UPSTREAM_RATE_LIMITED: 'UPSTREAM_RATE_LIMITED',
  /** Cloudflare refused the server outright (block page), e.g. for a non-browser TLS fingerprint. */
  UPSTREAM_BLOCKED: 'UPSTREAM_BLOCKED',
  UPSTREAM_ERROR: 'UPSTREAM_ERROR',
  UPSTREAM_TIMEOUT: 'UPSTREAM_TIMEOUT',
  UPSTREAM_NOT_FOUND: 'UPSTREAM_NOT_FOUND',
  MOVIE_NO_EPISODES: 'MOVIE_NO_EPISODES',
  /** 507: the server's disk or database has no room for a write; reads of cached content go on. */
  STORAGE_FULL: 'STORAGE_FULL',
  /** 503: the object store (an S3 bucket) does not answer; `Retry-After` says when to try again. */
  STORAGE_UNAVAILABLE: 'STORAGE_UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Every error answer: a Chinese `detail` (an object only in the movie case) and a machine `code`. */
export const ErrorBody = z.looseObject({
  detail: z.union([z.string(), z.looseObject({})]),
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;
