import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { RateLimitPanel } from './RateLimitPanel';

const show = (retryAfter: number | null, onRetry = () => {}) =>
  render(<RateLimitPanel onRetry={onRetry} retryAfter={retryAfter} />, { wrapper: MemoryRouter });

describe('the rate-limit panel says what the client does', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date(2026, 10, 26, 10, 0, 0));
  });
  afterEach(() => vi.useRealTimers());

  it('names the clock time the host is paused until, counts down to it and then retries once (zh-CN)', async () => {
    await i18n.changeLanguage('zh-CN');
    const onRetry = vi.fn();
    show(45, onRetry);
    expect(screen.getByText('暂停到 10:00:45，还剩 45 秒，到时自动重试')).toBeTruthy();
    // No claim of raised intervals: the spacing stays the configured one.
    expect(document.body.textContent).toContain('请求间隔保持设置的值，没有另外提高');
    expect(document.body.textContent).not.toMatch(/10–20/);
    act(() => void vi.advanceTimersByTime(30_000));
    expect(screen.getByText('暂停到 10:00:45，还剩 15 秒，到时自动重试')).toBeTruthy();
    expect(onRetry).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(15_000));
    expect(screen.getByText('暂停已结束，正在重试…')).toBeTruthy();
    expect(onRetry).toHaveBeenCalledOnce();
    act(() => void vi.advanceTimersByTime(60_000));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('says the same in English, and asks for a few minutes when the server named no wait', async () => {
    await i18n.changeLanguage('en');
    show(45);
    expect(
      screen.getByText('Paused until 10:00:45, 45 seconds left; then it tries again by itself'),
    ).toBeTruthy();
    act(() => void vi.advanceTimersByTime(44_000));
    expect(
      screen.getByText('Paused until 10:00:45, 1 second left; then it tries again by itself'),
    ).toBeTruthy();
    // Without a wait from the server, only the button retries.
    const onRetry = vi.fn();
    show(null, onRetry);
    expect(screen.getByText('Wait a few minutes, then try again')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(600_000));
    expect(onRetry).not.toHaveBeenCalled();
  });
});
