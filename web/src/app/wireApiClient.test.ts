import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../test/helpers';
import { api, route, type CacheStats } from '@capshelf/contract';
import { z } from 'zod';
import { call } from '../api';
import { LOGOUT_EVENT, TOKEN_KEY, USER_KEY } from '../features/auth';
import { operationLog } from '../features/logger';
import { wireApiClient } from './wireApiClient';

const things = route({ method: 'GET', path: '/api/things', responses: { 200: z.object({}) } });
const stats: CacheStats = { total_images: 1, size_bytes: 1, size_human: '1 B' };

// test/setup.ts wires the client the way main.tsx does; wired again here so the test says so.
beforeEach(wireApiClient);

describe('the wired session', () => {
  const listener = vi.fn<() => void>();
  beforeEach(() => {
    listener.mockClear();
    window.addEventListener(LOGOUT_EVENT, listener);
  });
  afterEach(() => window.removeEventListener(LOGOUT_EVENT, listener));

  it('sends the stored token as the bearer', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    const fetchMock = mockApi({ 'GET /api/things': () => json(200, {}) });
    await call(things);
    expect(fetchMock.mock.calls[0]![1]!.headers).toMatchObject({ Authorization: 'Bearer abc' });
  });

  it('clears the session and fires the logout event on a 401 while a token is held', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    localStorage.setItem(USER_KEY, '{}');
    mockApi({
      'GET /api/auth/me': () => json(401, { detail: '登录已过期', code: 'UNAUTHENTICATED' }),
    });

    await expect(call(api.auth.me)).rejects.toMatchObject({ status: 401 });

    expect(listener).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });

  it('keeps the session on a 401 without a token (a failed login)', async () => {
    mockApi({ 'POST /api/auth/login': () => json(401, { detail: '邮箱或密码错误' }) });
    await expect(
      call(api.auth.login, { body: { email: 'a@b.c', password: 'x' } }),
    ).rejects.toThrow();
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('the wired operation log', () => {
  it('logs every call and failure with method, path, status and duration', async () => {
    mockApi({
      'GET /api/images/cache-stats': () => json(200, stats),
      'DELETE /api/images/cache/files?clear_all=true': () =>
        json(403, { detail: '只有管理员可以清除全部图片缓存' }),
    });
    await call(api.images.cacheStats);
    await call(api.cacheAdmin.clearFiles, { query: { clear_all: 'true' } }).catch(() => null);

    const [ok, failed] = operationLog.entries();
    expect(ok!.api).toMatchObject({
      method: 'GET',
      path: '/images/cache-stats',
      status: 200,
      ok: true,
    });
    expect(ok!.api!.durationMs).toBeGreaterThanOrEqual(0);
    expect(failed).toMatchObject({ level: 'error', hint: '没有权限' });
    expect(failed!.api).toMatchObject({ method: 'DELETE', status: 403, ok: false });
    expect(failed!.message).toContain('只有管理员可以清除全部图片缓存');
  });
});
