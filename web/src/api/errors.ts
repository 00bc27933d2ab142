import { DEFAULT_LOCALE, messageKey } from '@capshelf/contract';
import { catalogues, i18n } from '../i18n';

/** Failure of an API call: HTTP status (0 when no answer came), machine code and a Chinese message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    /** Text worth showing as is (from the server, or a timeout/network note); undefined when there is none. */
    readonly detail: string | undefined,
    /** The whole error body, for errors that carry data (the movie redirect's image_url). */
    readonly body?: unknown,
  ) {
    super(detail ?? i18n.t('errors:generic'));
    this.name = 'ApiError';
  }
}

/** The rule for an error body's text: detail if a string, else detail.message, else message. */
export function messageFromBody(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const { detail, message } = body;
  if (typeof detail === 'string' && detail !== '') return detail;
  if (isRecord(detail) && typeof detail.message === 'string' && detail.message !== '') {
    return detail.message;
  }
  if (typeof message === 'string' && message !== '') return message;
  return undefined;
}

/** `code`, else `detail.error`: the movie answer names its case only inside the detail object. */
export function codeFromBody(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  if (typeof body.code === 'string') return body.code;
  const { detail } = body;
  return isRecord(detail) && typeof detail.error === 'string' ? detail.error : undefined;
}

/**
 * What a screen shows for a failed call. In Chinese (the contract's language) the server's own
 * `detail`, else the screen's fallback. In another language the server's Chinese never shows: a
 * known fixed text (`serverMessage`), else the text of a code that means one thing, else the
 * screen's (translated) fallback.
 */
export function errorMessage(error: unknown, fallback: string = i18n.t('errors:generic')): string {
  if (!(error instanceof ApiError)) return fallback;
  if (i18n.language === DEFAULT_LOCALE) return error.detail || fallback;
  return (
    (error.detail && known(error.detail)) ||
    taskLimitMessage(error) ||
    codeMessage(error) ||
    fallback
  );
}

/**
 * A fixed text the server answers (a message, a `detail`, a check's result) in the page's
 * language: as is in Chinese; translated when it is one the catalogues know, else `fallback`.
 */
export function serverMessage(text: string, fallback: string): string {
  if (i18n.language === DEFAULT_LOCALE) return text;
  return known(text) ?? fallback;
}

/** Codes that mean one thing whatever the route; the others (VALIDATION_FAILED, NOT_FOUND, CONFLICT) need their detail. */
const CODE_MESSAGES = new Set([
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'GONE',
  'TOO_MANY_REQUESTS',
  'UPSTREAM_RATE_LIMITED',
  'UPSTREAM_BLOCKED',
  'UPSTREAM_ERROR',
  'UPSTREAM_TIMEOUT',
  'UPSTREAM_NOT_FOUND',
  'MOVIE_NO_EPISODES',
  'STORAGE_FULL',
  'RESET_TOKEN_INVALID',
  'INTERNAL',
  'TIMEOUT',
  'NETWORK',
  'NO_FAVORITE_ID',
  'CATEGORY_GONE',
]);

function codeMessage(error: ApiError): string | undefined {
  if (!error.code || !CODE_MESSAGES.has(error.code)) return undefined;
  const seconds = isRecord(error.body) ? error.body.retry_after : undefined;
  const withWait = `errors:codeRetry.${error.code}`;
  return typeof seconds === 'number' && i18n.exists(withWait, { count: seconds })
    ? i18n.t(withWait, { count: seconds })
    : i18n.t(`errors:code.${error.code}`);
}

/** A 429 for too many download tasks names its limit (`task_limit`): which one, and how many. */
function taskLimitMessage(error: ApiError): string | undefined {
  const limit = isRecord(error.body) ? error.body.task_limit : undefined;
  if (!isRecord(limit) || typeof limit.max !== 'number') return undefined;
  if (limit.kind !== 'work' && limit.kind !== 'unfinished') return undefined;
  return i18n.t(`errors:taskLimit.${limit.kind}`, { count: limit.max });
}

/** The server's fixed Chinese texts by key: the zh-CN `errors` catalogue's `detail` group. */
const detailKeys = new Map(
  Object.entries((catalogues[DEFAULT_LOCALE].errors?.detail ?? {}) as Record<string, string>).map(
    ([key, text]) => [text, key],
  ),
);

/** A known text (or a validation answer's `field: text` with a known text), translated. */
function known(text: string): string | undefined {
  const issue = /^[\w.]+: (.+)$/.exec(text)?.[1];
  for (const candidate of issue ? [text, issue] : [text]) {
    const detail = detailKeys.get(candidate);
    if (detail) return i18n.t(`errors:detail.${detail}`);
    const key = messageKey(candidate);
    if (key) return i18n.t(`validation:${key}`);
  }
  return undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
