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

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Longer than REQUEST_TIMEOUT_MS for calls that wait on the source site (a challenge solve). */
  timeoutMs?: number;
  /** The browser finishes the request even if the page closes (small writes: a ♥). */
  keepalive?: boolean;
}

/**
 * The one fetch wrapper: bearer token, JSON in/out, 30 s timeout, errors as ApiError. Every call
 * and every failure goes to the operation log here, so no call site has to remember it.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { logCall } = currentSetup();
  const method = options.method ?? 'GET';
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  const withSession = Boolean(currentSetup().readToken());
  try {
    const { status, payload } = await send(path, options);
    logCall({ method, path, status, durationMs: elapsed() });
    return payload as T;
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
  const headers: Record<string, string> = { Accept: 'application/json' };
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
