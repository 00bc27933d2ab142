import { i18n } from '../../i18n';

/** What a failed call's status most likely means, told next to the error. */
const HINTED = new Set([401, 403, 404, 429, 500]);

export function statusHint(status: number | undefined): string | undefined {
  return status !== undefined && HINTED.has(status) ? i18n.t(`logger:hint.${status}`) : undefined;
}

/**
 * A 429 of this server's own limits (`TOO_MANY_REQUESTS`: a task limit, a user's budget, a check
 * too soon) is not the source site's rate limit: its message says which limit, and no "rate
 * limited" hint goes with it. `UPSTREAM_RATE_LIMITED` and a 429 without a code keep the hint.
 */
const OWN_LIMIT = 'TOO_MANY_REQUESTS';

function hintOf(status: number, code: unknown): string | undefined {
  return status === 429 && code === OWN_LIMIT ? undefined : statusHint(status);
}

/** A failed call's hint. A 401 without a session is a refused sign-in (its message says why), not an expiry. */
export function callHint(call: {
  status: number;
  withSession?: boolean;
  code?: string;
}): string | undefined {
  return call.status === 401 && call.withSession === false
    ? undefined
    : hintOf(call.status, call.code);
}

/** The hint of any error that carries an HTTP status (ApiError does, and its code). */
export function errorHint(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  const code = 'code' in error ? error.code : undefined;
  return typeof error.status === 'number' ? hintOf(error.status, code) : undefined;
}
