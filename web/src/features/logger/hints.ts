/** Spec §8: what a failed call's status most likely means, told next to the error. */
const STATUS_HINTS: Record<number, string> = {
  401: '登录已过期，请重新登录',
  403: '没有权限',
  404: '资源不存在',
  429: '请求过于频繁或源站限制，请稍后再试',
  500: '服务器内部错误',
};

export function statusHint(status: number | undefined): string | undefined {
  return status === undefined ? undefined : STATUS_HINTS[status];
}

/** The hint of any error that carries an HTTP status (ApiError does). */
export function errorHint(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  return typeof error.status === 'number' ? statusHint(error.status) : undefined;
}
