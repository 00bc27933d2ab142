import { CHALLENGE_REASON_TEXT, ErrorCode } from '@capshelf/contract';
import {
  UpstreamBadResponseError,
  UpstreamError,
  UpstreamNotFoundError,
  UpstreamRateLimitedError,
  UpstreamTimeoutError,
  UserBudgetExceeded,
} from './upstream';
import { StoreUnavailableError } from './storage';

/** An error the HTTP layer turns into `{detail, code}` with its status. Made only by the helpers below. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | string,
    readonly detail: string | Record<string, unknown>,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : code);
  }
}

export const badRequest = (detail: string, code: string = ErrorCode.VALIDATION_FAILED) =>
  new AppError(400, code, detail);
export const unauthenticated = (detail = '请先登录') =>
  new AppError(401, ErrorCode.UNAUTHENTICATED, detail);
export const forbidden = (detail = '没有权限执行此操作') =>
  new AppError(403, ErrorCode.FORBIDDEN, detail);
export const notFound = (detail = '未找到') => new AppError(404, ErrorCode.NOT_FOUND, detail);
export const conflict = (detail: string) => new AppError(409, ErrorCode.CONFLICT, detail);
export const gone = (detail: string) => new AppError(410, ErrorCode.GONE, detail);
export const tooManyRequests = (
  detail: string,
  retryAfterSeconds: number,
  extra: Record<string, unknown> = {},
) =>
  new AppError(
    429,
    ErrorCode.TOO_MANY_REQUESTS,
    detail,
    { retry_after: retryAfterSeconds, ...extra },
    { 'retry-after': String(retryAfterSeconds) },
  );

/** A write the server's storage had no room for (the disk, or the database unable to grow). */
export const storageFull = (what: 'disk' | 'database') =>
  new AppError(
    507,
    ErrorCode.STORAGE_FULL,
    what === 'disk'
      ? '服务器磁盘空间不足，暂时无法保存新的图片；已缓存的内容仍可浏览，请联系管理员'
      : '服务器数据库空间已满，暂时无法保存更改；已缓存的内容仍可浏览，请联系管理员',
  );

/** The object store (a bucket) did not answer, its retries with backoff spent. */
export const fromStoreUnavailable = (error: unknown) =>
  error instanceof StoreUnavailableError ? storageUnavailable() : null;

const storageUnavailable = () =>
  new AppError(
    503,
    ErrorCode.STORAGE_UNAVAILABLE,
    '图片存储暂时无法访问，请稍后重试；如持续出现，请联系管理员',
    { retry_after: 30 },
    { 'retry-after': '30' },
  );

/** `ENOSPC` from a file write, `SQLITE_FULL` or Postgres' `disk_full` (53100) from the database. */
export function fromStorageFull(error: unknown): AppError | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOSPC') return storageFull('disk');
  if (code === 'SQLITE_FULL' || code === '53100') return storageFull('database');
  return null;
}

/** The source site's failures as the page sees them (the 429 text names the rate limit, which is how the page recognises one). */
export function fromUpstream(error: unknown): AppError | null {
  if (error instanceof UserBudgetExceeded) {
    const what = { listing: '读取未缓存的列表', scan: '检测相似帧', image: '读取未缓存的图片' }[
      error.call
    ];
    return tooManyRequests(
      `${what}过于频繁，请在 ${error.retryAfterSeconds} 秒后重试`,
      error.retryAfterSeconds,
      { limit: error.call },
    );
  }
  if (!(error instanceof UpstreamError)) return null;
  if (error instanceof UpstreamRateLimitedError && error.blocked) {
    const seconds = Math.max(1, Math.ceil(error.retryAfterSeconds));
    return new AppError(
      502,
      ErrorCode.UPSTREAM_BLOCKED,
      '源站（Cloudflare）拒绝了本服务器的请求（403 blocked）',
      { retry_after: seconds },
      { 'retry-after': String(seconds) },
    );
  }
  if (error instanceof UpstreamRateLimitedError) {
    const seconds = Math.max(1, Math.ceil(error.retryAfterSeconds));
    if (error.challenge) {
      // The page shows the two ways out beside this (its challenge panel, keyed on `challenge`).
      return new AppError(
        429,
        ErrorCode.UPSTREAM_RATE_LIMITED,
        `源站要求通过 Cloudflare 人机验证，未能自动通过：${CHALLENGE_REASON_TEXT[error.challenge]}。${seconds} 秒后再次尝试，请届时重试（429 rate limit）`,
        { retry_after: seconds, challenge: error.challenge },
        { 'retry-after': String(seconds) },
      );
    }
    return new AppError(
      429,
      ErrorCode.UPSTREAM_RATE_LIMITED,
      `源站访问频率受限（429 rate limit），请在 ${seconds} 秒后重试`,
      { retry_after: seconds },
      { 'retry-after': String(seconds) },
    );
  }
  if (error instanceof UpstreamTimeoutError) {
    return new AppError(504, ErrorCode.UPSTREAM_TIMEOUT, '源站响应超时，请稍后重试');
  }
  if (error instanceof UpstreamNotFoundError) {
    return new AppError(404, ErrorCode.UPSTREAM_NOT_FOUND, '源站上没有找到该内容');
  }
  if (error instanceof UpstreamBadResponseError) {
    return new AppError(502, ErrorCode.UPSTREAM_ERROR, '源站返回了无法识别的内容，请稍后重试');
  }
  return new AppError(502, ErrorCode.UPSTREAM_ERROR, '源站暂时无法访问，请稍后重试');
}
