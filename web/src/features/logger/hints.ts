import { i18n } from '../../i18n';

/** What a failed call's status most likely means, told next to the error. */
const HINTED = new Set([401, 403, 404, 429, 500]);

export function statusHint(status: number | undefined): string | undefined {
  return status !== undefined && HINTED.has(status) ? i18n.t(`logger:hint.${status}`) : undefined;
}

/** A failed call's hint. A 401 without a session is a refused sign-in (its message says why), not an expiry. */
export function callHint(call: { status: number; withSession?: boolean }): string | undefined {
  return call.status === 401 && call.withSession === false ? undefined : statusHint(call.status);
}

/** The hint of any error that carries an HTTP status (ApiError does). */
export function errorHint(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  return typeof error.status === 'number' ? statusHint(error.status) : undefined;
}
