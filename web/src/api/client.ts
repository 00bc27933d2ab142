import { clearStoredSession, readToken } from '../features/auth/storage';
import { operationLog } from '../features/logger/operationLog';
import { i18n } from '../i18n';
import { ApiError, codeFromBody, messageFromBody } from './errors';

export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 30_000;
/** Fired on window when the server rejects the held token; the session provider listens. */
export const LOGOUT_EVENT = 'capshelf:logout';

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
  const method = options.method ?? 'GET';
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  try {
    const { status, payload } = await send(path, options);
    operationLog.api({ method, path, status, durationMs: elapsed() });
    return payload as T;
  } catch (error) {
    operationLog.api(
      error instanceof ApiError
        ? { method, path, status: error.status, durationMs: elapsed(), error: error.message }
        : { method, path, status: 0, durationMs: elapsed(), aborted: true },
    );
    throw error;
  }
}

async function send(path: string, options: RequestOptions) {
  const { method = 'GET', body, signal, keepalive, timeoutMs = REQUEST_TIMEOUT_MS } = options;
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
      if (response.status === 401 && token) {
        clearStoredSession();
        window.dispatchEvent(new Event(LOGOUT_EVENT));
      }
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
