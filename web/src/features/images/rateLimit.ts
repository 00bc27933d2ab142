import { ApiError } from '../../api/errors';

/** The source site's rate limit (spec §8: a message with "429" or "rate limit", or the code). */
export function isRateLimited(error: unknown): boolean {
  if (error instanceof ApiError && error.code === 'UPSTREAM_RATE_LIMITED') return true;
  const message = error instanceof Error ? error.message : '';
  return /429|rate limit/i.test(message);
}
