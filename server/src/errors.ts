import { ErrorCode } from '@capshelf/contract';

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
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new AppError(
    429,
    ErrorCode.TOO_MANY_REQUESTS,
    detail,
    { retry_after: retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds) },
  );
