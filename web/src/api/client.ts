import { pathOf, type Route, type RouteAnswer, type RouteInput } from '@capshelf/contract';
import { i18n } from '../i18n';
import { ApiError, codeFromBody, errorMessage, messageFromBody } from './errors';

export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 30_000;

/** One finished API call as the client reports it. */
export interface ApiCallRecord {
  method: string;
  path: string;
  /** 0 when no answer came (network failure, time-out, cancelled). */
  status: number;
  durationMs: number;
  /** The failure's message in the page's language (else its code); absent for a success. */
  error?: string;
  /** A failure's call carried the session's token: a 401 then means the session ended. */
  withSession?: boolean;
  /** A failure's machine code (ErrorCode), when the answer named one: a 429 is told apart by it. */
  code?: string;
  /** The caller cancelled the call (a query unmounted): routine, not an error. */
  aborted?: boolean;
}

/**
 * What the client needs from the rest of the page. The client imports no feature: `app/` hands
 * it these once at start, before the first request.
 */
export interface ApiClientSetup {
  /** The bearer token to send, read on every call. */
  readToken: () => string | null;
  /** The server refused the token that was sent (expired or revoked). */
  onUnauthorized: () => void;
  /** Every finished call, failed and cancelled ones included. */
  logCall: (call: ApiCallRecord) => void;
}

let setup: ApiClientSetup | null = null;

export function configureApiClient(next: ApiClientSetup): void {
  setup = next;
}

function currentSetup(): ApiClientSetup {
  // A request before app/ wired the client would go out without its token and unlogged.
  if (!setup) throw new Error('API client used before configureApiClient()');
  return setup;
}

/** How a call goes, beside what it sends. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Longer than REQUEST_TIMEOUT_MS for calls that wait on the source site (a challenge solve). */
  timeoutMs?: number;
  /** The browser finishes the request even if the page closes (small writes: a ♥). */
  keepalive?: boolean;
  /** Headers of the call's own (a share's grant). */
  headers?: Record<string, string>;
}

interface RequestOptions extends CallOptions {
  method?: Route['method'];
  body?: unknown;
  /** Checks the answer's shape (the route's schema for the status) and gives what it parsed. */
  read?: (status: number, payload: unknown) => unknown;
}

/** A route that needs nothing (no params, no body, a query of optional fields) takes no input. */
type CallArgs<R extends Route> =
  object extends RouteInput<R>
    ? [input?: RouteInput<R>, options?: CallOptions]
    : [input: RouteInput<R>, options?: CallOptions];

/**
 * Calls one route of the contract: its path built from the params and query, its body sent, and
 * its answer parsed with the route's schema. An answer of another shape fails as BAD_ANSWER (in
 * the operation log, with where it differed) instead of reaching a component.
 */
export function call<R extends Route>(route: R, ...[input, options]: CallArgs<R>) {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, string | number | boolean | undefined | null>;
    body?: unknown;
  };
  return apiRequest<RouteAnswer<R>>(pathOf(route, params, query).slice(API_BASE.length), {
    ...options,
    method: route.method,
    body,
    read: (status, payload) => checkedAnswer(route, status, payload),
  });
}

type AnswerSchema = NonNullable<NonNullable<Route['responses']>[200]>;

/** The answer as the route's schema for its status reads it; a route without one answers as is. */
function checkedAnswer(route: Route, status: number, payload: unknown): unknown {
  const responses = route.responses as Record<number, AnswerSchema | undefined> | undefined;
  const schema = responses?.[status] ?? responses?.[200];
  if (!schema) return payload;
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const where = parsed.error.issues[0]?.path.join('.') || '(root)';
  throw new ApiError(
    status,
    'BAD_ANSWER',
    `${i18n.t('errors:code.BAD_ANSWER')} (${where})`,
    payload,
  );
}

/**
 * The one fetch wrapper: bearer token, JSON in/out, 30 s timeout, errors as ApiError. Every call
 * and every failure goes to the operation log here, so no call site has to remember it.
 */
async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { logCall } = currentSetup();
  const method = options.method ?? 'GET';
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  const withSession = Boolean(currentSetup().readToken());
  try {
    const { status, payload } = await send(path, options);
    const answer = options.read ? options.read(status, payload) : payload;
    logCall({ method, path, status, durationMs: elapsed() });
    return answer as T;
  } catch (error) {
    logCall(
      error instanceof ApiError
        ? {
            method,
            path,
            status: error.status,
            durationMs: elapsed(),
            // The console speaks the page's language: never the server's Chinese in English.
            error: errorMessage(error, error.code ?? error.message),
            withSession,
            ...(error.code ? { code: error.code } : {}),
          }
        : { method, path, status: 0, durationMs: elapsed(), aborted: true },
    );
    throw error;
  }
}

async function send(path: string, options: RequestOptions) {
  const { method = 'GET', body, signal, keepalive, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const { readToken, onUnauthorized } = currentSetup();
  const token = readToken();
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  try {
    let response: Response;
    let payload: unknown;
    try {
      response = await fetch(`${API_BASE}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        // The server's HttpOnly image cookie must ride along, and only to our own origin.
        credentials: 'same-origin',
        keepalive,
        signal: signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal,
      });
      payload = await readJson(response);
    } catch (error) {
      if (timeout.signal.aborted) throw new ApiError(0, 'TIMEOUT', i18n.t('errors:code.TIMEOUT'));
      if (signal?.aborted) throw error;
      throw new ApiError(0, 'NETWORK', i18n.t('errors:code.NETWORK'));
    }

    if (!response.ok) {
      if (response.status === 401 && token) onUnauthorized();
      throw new ApiError(response.status, codeFromBody(payload), messageFromBody(payload), payload);
    }
    return { status: response.status, payload };
  } finally {
    clearTimeout(timer);
  }
}

/** Body as JSON, or undefined for empty (204) and non-JSON answers. */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
