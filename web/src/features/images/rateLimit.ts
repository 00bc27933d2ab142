import type { TFunction } from 'i18next';
import { ApiError, isRecord } from '../../api/errors';

/** The source site's rate limit (a message with "429" or "rate limit", or the code). */
export function isRateLimited(error: unknown): boolean {
  if (error instanceof ApiError && error.code === 'UPSTREAM_RATE_LIMITED') return true;
  const message = error instanceof Error ? error.message : '';
  return /429|rate limit/i.test(message);
}

/** Seconds the server said to wait (`retry_after`, from Retry-After or the cool-down), if it did. */
export function retryAfterOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || !isRecord(error.body)) return null;
  const seconds = Number(error.body.retry_after);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/** "45 秒", "约 10 分钟", "约 2 小时". */
export function waitText(seconds: number, t: TFunction<'images'>): string {
  if (seconds < 60) return t('wait.seconds', { count: Math.ceil(seconds) });
  if (seconds < 3600) return t('wait.minutes', { count: Math.ceil(seconds / 60) });
  return t('wait.hours', { count: Math.round(seconds / 360) / 10 });
}
