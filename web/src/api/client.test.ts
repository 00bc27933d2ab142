import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../test/helpers';
import { TOKEN_KEY, USER_KEY } from '../features/auth';
import { apiRequest, LOGOUT_EVENT, REQUEST_TIMEOUT_MS } from './client';
import { ApiError } from './errors';

const listener = vi.fn<() => void>();

describe('apiRequest', () => {
  beforeEach(() => {
    listener.mockClear();
    window.addEventListener(LOGOUT_EVENT, listener);
  });
  afterEach(() => window.removeEventListener(LOGOUT_EVENT, listener));

  it('sends JSON with the bearer token and same-origin credentials', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    const fetchMock = mockApi({ 'POST /api/things': (body) => json(200, { echo: body }) });

    await expect(apiRequest('/things', { method: 'POST', body: { a: 1 } })).resolves.toEqual({
      echo: { a: 1 },
    });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer abc',
      'Content-Type': 'application/json',
    });
  });

  it('clears the session and fires the logout event on a 401 while a token is held', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    localStorage.setItem(USER_KEY, '{}');
    mockApi({
      'GET /api/auth/me': () => json(401, { detail: '登录已过期', code: 'UNAUTHENTICATED' }),
    });

    const error = await apiRequest('/auth/me').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHENTICATED', message: '登录已过期' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });

  it('does not fire the logout event on a 401 without a token (a failed login)', async () => {
    mockApi({ 'POST /api/auth/login': () => json(401, { detail: '邮箱或密码错误' }) });

    await expect(apiRequest('/auth/login', { method: 'POST', body: {} })).rejects.toThrow(
      '邮箱或密码错误',
    );
    expect(listener).not.toHaveBeenCalled();
  });

  it('answers undefined for a 204', async () => {
    mockApi({ 'POST /api/auth/logout': () => json(204) });
    await expect(apiRequest('/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
  });

  it('gives up after 30 s with a timeout error', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal!.addEventListener('abort', () =>
              reject(new DOMException('', 'AbortError')),
            ),
          ),
      ),
    );
    const pending = apiRequest('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(await pending).toMatchObject({ status: 0, code: 'TIMEOUT' });
  });
});
