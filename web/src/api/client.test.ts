import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api, DEFAULT_LOCALE, route } from '@capshelf/contract';
import { z } from 'zod';
import { i18n } from '../i18n';
import { json, mockApi } from '../test/helpers';
import { call, configureApiClient, REQUEST_TIMEOUT_MS, type ApiCallRecord } from './client';
import { ApiError } from './errors';

// Routes of the client's own, beside the API's: what the client does is the same for every route.
const Thing = z.object({ id: z.number(), name: z.string() });
const things = {
  echo: route({
    method: 'POST',
    path: '/api/things',
    body: z.object({ a: z.number() }),
    responses: { 200: z.object({ echo: z.object({ a: z.number() }) }) },
  }),
  read: route({ method: 'GET', path: '/api/things', responses: { 200: z.object({}) } }),
  remove: route({ method: 'DELETE', path: '/api/things', responses: { 200: z.object({}) } }),
  one: route({
    method: 'GET',
    path: '/api/things/:name/:id',
    params: z.object({ name: z.string(), id: z.number() }),
    query: z.object({ page: z.number().optional(), tag: z.string().optional() }),
    responses: { 200: Thing },
  }),
  odd: route({ method: 'GET', path: '/api/odd', responses: { 200: z.object({}) } }),
  slow: route({ method: 'GET', path: '/api/slow', responses: { 200: z.object({}) } }),
};

// The client's own setup, in place of the page's session and logger (app/ wires those).
let token: string | null = null;
const onUnauthorized = vi.fn<() => void>();
const logCall = vi.fn<(call: ApiCallRecord) => void>();

describe('call', () => {
  beforeEach(() => {
    token = null;
    onUnauthorized.mockClear();
    logCall.mockClear();
    configureApiClient({ readToken: () => token, onUnauthorized, logCall });
  });

  it('sends JSON with the bearer token and same-origin credentials', async () => {
    token = 'abc';
    const fetchMock = mockApi({ 'POST /api/things': (body) => json(200, { echo: body }) });

    await expect(call(things.echo, { body: { a: 1 } })).resolves.toEqual({
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

    const error = await call(api.auth.me).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHENTICATED', message: '登录已过期' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not report a 401 without a token (a failed login)', async () => {
    mockApi({ 'POST /api/auth/login': () => json(401, { detail: '邮箱或密码错误' }) });

    await expect(call(api.auth.login, { body: { email: 'a@b.c', password: 'x' } })).rejects.toThrow(
      '邮箱或密码错误',
    );
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = mockApi({ 'GET /api/things': () => json(200, {}) });
    await call(things.read);
    expect(fetchMock.mock.calls[0]![1]!.headers).not.toHaveProperty('Authorization');
  });

  it('logs every finished call, failures with their message', async () => {
    mockApi({
      'GET /api/things': () => json(200, {}),
      'DELETE /api/things': () => json(403, { detail: '无权限', code: 'FORBIDDEN' }),
    });
    await call(things.read);
    await call(things.remove).catch(() => null);

    expect(logCall.mock.calls.map(([call]) => ({ ...call, durationMs: 0 }))).toEqual([
      { method: 'GET', path: '/things', status: 200, durationMs: 0 },
      {
        method: 'DELETE',
        path: '/things',
        status: 403,
        durationMs: 0,
        error: '无权限',
        withSession: false,
        code: 'FORBIDDEN',
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
      await call(api.auth.login, { body: { email: 'a@b.c', password: 'x' } }).catch(() => null);
      token = 'abc';
      await call(api.siteHealth.view).catch(() => null);
      await call(things.odd).catch(() => null);
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
    await expect(call(api.auth.logout)).resolves.toBeUndefined();
  });

  it('builds the path from the route: each parameter encoded, the query without empty fields', async () => {
    const fetchMock = mockApi({
      'GET /api/things/a%2Fb%20c/7?page=2': () => json(200, { id: 7, name: 'a/b c' }),
    });
    await expect(
      call(things.one, { params: { name: 'a/b c', id: 7 }, query: { page: 2, tag: undefined } }),
    ).resolves.toEqual({ id: 7, name: 'a/b c' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives the answer as the contract reads it (unknown fields left out)', async () => {
    mockApi({ 'GET /api/things/x/1': () => json(200, { id: 1, name: 'x', extra: true }) });
    await expect(call(things.one, { params: { name: 'x', id: 1 } })).resolves.toEqual({
      id: 1,
      name: 'x',
    });
  });

  it('fails an answer of the wrong shape as BAD_ANSWER, logged with where it differed', async () => {
    mockApi({ 'GET /api/things/x/1': () => json(200, { id: '1', name: 'x' }) });

    const error = await call(things.one, { params: { name: 'x', id: 1 } }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, code: 'BAD_ANSWER' });
    expect(logCall).toHaveBeenCalledWith(
      expect.objectContaining({
        method: 'GET',
        path: '/things/x/1',
        status: 200,
        error: expect.stringMatching(/\(id\)$/),
      }),
    );
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
    const pending = call(things.slow).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(await pending).toMatchObject({ status: 0, code: 'TIMEOUT' });
    expect(logCall).toHaveBeenCalledWith(
      expect.objectContaining({ status: 0, error: expect.any(String) }),
    );
  });
});
