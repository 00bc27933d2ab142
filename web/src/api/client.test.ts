import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LOCALE } from '@capshelf/contract';
import { i18n } from '../i18n';
import { json, mockApi } from '../test/helpers';
import { apiRequest, configureApiClient, REQUEST_TIMEOUT_MS, type ApiCallRecord } from './client';
import { ApiError } from './errors';

// The client's own setup, in place of the page's session and logger (app/ wires those).
let token: string | null = null;
const onUnauthorized = vi.fn<() => void>();
const logCall = vi.fn<(call: ApiCallRecord) => void>();

describe('apiRequest', () => {
  beforeEach(() => {
    token = null;
    onUnauthorized.mockClear();
    logCall.mockClear();
    configureApiClient({ readToken: () => token, onUnauthorized, logCall });
  });

  it('sends JSON with the bearer token and same-origin credentials', async () => {
    token = 'abc';
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

  it('reports a 401 to the setup while a token is held', async () => {
    token = 'abc';
    mockApi({
      'GET /api/auth/me': () => json(401, { detail: '登录已过期', code: 'UNAUTHENTICATED' }),
    });

    const error = await apiRequest('/auth/me').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHENTICATED', message: '登录已过期' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not report a 401 without a token (a failed login)', async () => {
    mockApi({ 'POST /api/auth/login': () => json(401, { detail: '邮箱或密码错误' }) });

    await expect(apiRequest('/auth/login', { method: 'POST', body: {} })).rejects.toThrow(
      '邮箱或密码错误',
    );
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = mockApi({ 'GET /api/things': () => json(200, {}) });
    await apiRequest('/things');
    expect(fetchMock.mock.calls[0]![1]!.headers).not.toHaveProperty('Authorization');
  });

  it('logs every finished call, failures with their message', async () => {
    mockApi({
      'GET /api/things': () => json(200, {}),
      'DELETE /api/things': () => json(403, { detail: '无权限', code: 'FORBIDDEN' }),
    });
    await apiRequest('/things');
    await apiRequest('/things', { method: 'DELETE' }).catch(() => null);

    expect(logCall.mock.calls.map(([call]) => ({ ...call, durationMs: 0 }))).toEqual([
      { method: 'GET', path: '/things', status: 200, durationMs: 0 },
      {
        method: 'DELETE',
        path: '/things',
        status: 403,
        durationMs: 0,
        error: '无权限',
        withSession: false,
      },
    ]);
  });

  it("logs a failure in the page's language, never the server's Chinese in English", async () => {
    await i18n.changeLanguage('en');
    try {
      mockApi({
        'POST /api/auth/login': () =>
          json(401, { detail: '邮箱或密码错误', code: 'UNAUTHENTICATED' }),
        'GET /api/admin/site-health': () =>
          json(403, { detail: '没有权限执行此操作', code: 'FORBIDDEN' }),
        'GET /api/odd': () => json(409, { detail: '某个未知的冲突', code: 'CONFLICT' }),
      });
      await apiRequest('/auth/login', { method: 'POST', body: {} }).catch(() => null);
      token = 'abc';
      await apiRequest('/admin/site-health').catch(() => null);
      await apiRequest('/odd').catch(() => null);
      expect(logCall.mock.calls.map(([call]) => [call.error, call.withSession])).toEqual([
        ['Wrong email or password', false],
        [i18n.t('errors:code.FORBIDDEN'), true],
        ['CONFLICT', true],
      ]);
    } finally {
      await i18n.changeLanguage(DEFAULT_LOCALE);
    }
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
    expect(logCall).toHaveBeenCalledWith(
      expect.objectContaining({ status: 0, error: expect.any(String) }),
    );
  });
});
