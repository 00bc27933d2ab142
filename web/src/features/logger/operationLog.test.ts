import { afterEach, describe, expect, it, vi } from 'vitest';
import { statusHint } from './hints';
import { createOperationLog, ENABLED_KEY, LOG_CAPACITY, localDate } from './operationLog';
import type { LogSink } from './types';

const NOW = new Date(2026, 2, 4, 10, 0, 0);

function logger(storage: Storage | null = null) {
  const sink = { info: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies LogSink;
  const log = createOperationLog({ storage, sink, now: () => NOW });
  return { log, sink };
}

afterEach(() => vi.restoreAllMocks());

describe('operation log', () => {
  it('keeps the newest 1,000 entries', () => {
    const { log } = logger();
    for (let i = 1; i <= LOG_CAPACITY + 5; i++) log.log('basic', `entry ${i}`);
    const entries = log.entries();
    expect(entries).toHaveLength(1000);
    expect(entries[0]!.message).toBe('entry 6');
    expect(entries.at(-1)!.message).toBe('entry 1005');
  });

  it('gives the spec hints for 401, 403, 404, 429 and 500, in the entry and the console', () => {
    expect([401, 403, 404, 429, 500].map(statusHint)).toEqual([
      '登录已过期，请重新登录',
      '没有权限',
      '资源不存在',
      '请求过于频繁或源站限制，请稍后再试',
      '服务器内部错误',
    ]);
    expect(statusHint(400)).toBeUndefined();

    const { log, sink } = logger();
    const entry = log.api({
      method: 'GET',
      path: '/images/x',
      status: 429,
      durationMs: 12,
      error: '太快了',
    });
    expect(entry).toMatchObject({ level: 'error', kind: 'api', hint: statusHint(429) });
    expect(entry!.api).toMatchObject({ ok: false, status: 429 });
    expect(sink.error).toHaveBeenCalledOnce();
    expect(String(sink.error.mock.calls[0]![0])).toContain('请求过于频繁或源站限制，请稍后再试');

    // An error object with a status gets the same hint.
    expect(log.error('保存失败', { status: 403 })!.hint).toBe('没有权限');
  });

  it("gives a 429 of this server's own limits (a task limit) no rate-limit hint, the source's one keeps it", () => {
    const { log, sink } = logger();
    const call = { method: 'POST', path: '/download/work', status: 429, durationMs: 5 };
    const limit = '最多同时进行 1 个整部下载任务，请等待之前的任务完成';
    const own = log.api({ ...call, error: limit, code: 'TOO_MANY_REQUESTS' });
    expect(own!.hint).toBeUndefined();
    expect(String(sink.error.mock.calls[0]![0])).toContain(limit);
    expect(String(sink.error.mock.calls[0]![0])).not.toContain('源站限制');
    const source = log.api({ ...call, error: '源站访问频率受限', code: 'UPSTREAM_RATE_LIMITED' });
    expect(source!.hint).toBe(statusHint(429));
    expect(log.error('下载失败', { status: 429, code: 'TOO_MANY_REQUESTS' })!.hint).toBeUndefined();
  });

  it('gives a refused sign-in (a 401 without a session) its own reason, not "session expired"', () => {
    const { log, sink } = logger();
    const call = { method: 'POST', path: '/auth/login', status: 401, durationMs: 5 };
    const refused = log.api({ ...call, error: '邮箱或密码错误', withSession: false });
    expect(refused!.hint).toBeUndefined();
    expect(String(sink.error.mock.calls[0]![0])).toContain('邮箱或密码错误');
    expect(String(sink.error.mock.calls[0]![0])).not.toContain('登录已过期');
    // With a session, a 401 is the session ending.
    expect(log.api({ ...call, error: '请先登录', withSession: true })!.hint).toBe(statusHint(401));
  });

  it('echoes successes with console.info and cancellations without an error', () => {
    const { log, sink } = logger();
    log.api({ method: 'GET', path: '/a', status: 200, durationMs: 5 });
    log.api({ method: 'GET', path: '/b', status: 0, durationMs: 1, aborted: true });
    expect(sink.info).toHaveBeenCalledTimes(2);
    expect(sink.error).not.toHaveBeenCalled();
    expect(log.entries()[1]!.api!.ok).toBe(false);
  });

  it('counts entries by level and kind, errors and the mean call duration', () => {
    const { log } = logger();
    expect(log.stats().averageDurationMs).toBeNull();
    log.log('user', 'clicked');
    log.log('download', 'slow', undefined, 'warn');
    log.api({ method: 'GET', path: '/a', status: 200, durationMs: 10 });
    log.api({ method: 'POST', path: '/b', status: 500, durationMs: 31, error: 'boom' });
    log.error('oops', new Error('bad'));
    expect(log.stats()).toEqual({
      total: 5,
      byLevel: { info: 2, warn: 1, error: 2 },
      byKind: { user: 1, download: 1, api: 2, error: 1 },
      errors: 2,
      apiCalls: 2,
      averageDurationMs: 21,
    });
  });

  it('exports the history as operation-log-YYYY-MM-DD.json and clears it', async () => {
    const { log } = logger();
    log.log('basic', 'hello');
    let saved: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob;
      return 'blob:log';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('operation-log-2026-03-04.json');
    });

    log.download();
    expect(click).toHaveBeenCalledOnce();
    const exported = JSON.parse(await saved!.text());
    expect(exported.entries).toHaveLength(1);
    expect(exported.entries[0]).toMatchObject({ kind: 'basic', message: 'hello' });
    expect(exported.stats.total).toBe(1);
    expect(localDate(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31');

    log.clear();
    expect(log.entries()).toEqual([]);
  });

  it('records nothing while switched off, and remembers the switch in localStorage', () => {
    const { log, sink } = logger(localStorage);
    log.setEnabled(false);
    expect(localStorage.getItem(ENABLED_KEY)).toBe('false');
    expect(log.log('basic', 'ignored')).toBeNull();
    expect(log.entries()).toEqual([]);
    expect(sink.info).not.toHaveBeenCalled();
    expect(logger(localStorage).log.isEnabled()).toBe(false);

    log.setEnabled(true);
    expect(logger(localStorage).log.isEnabled()).toBe(true);
    expect(log.log('basic', 'kept')).not.toBeNull();
  });

  it('notifies subscribers with a new snapshot on each change', () => {
    const { log } = logger();
    const listener = vi.fn();
    const stop = log.subscribe(listener);
    const before = log.snapshot();
    log.log('basic', 'one');
    expect(listener).toHaveBeenCalledOnce();
    expect(log.snapshot()).not.toBe(before);
    stop();
    log.log('basic', 'two');
    expect(listener).toHaveBeenCalledOnce();
  });
});
