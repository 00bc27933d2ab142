import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CdnStatus } from '@capshelf/contract';
import { json, mockApi, renderApp, signedIn } from '../../test/helpers';
import { ONE_FULL_SIZE } from '../../test/downloadFixtures';

describe('settings page', () => {
  it('shows the CDN, warns about the large one and switches to the small one', async () => {
    let status: CdnStatus = {
      current_cdn: 'large',
      use_small_cdn_only: false,
      status: 'degraded',
      hosts: [],
      download_sizes: ONE_FULL_SIZE,
    };
    const fetchMock = mockApi({
      ...signedIn(),
      'GET /api/images/cdn-status': () => json(200, status),
      'POST /api/images/cdn-switch?use_small_cdn=true': () => {
        status = {
          current_cdn: 'small',
          use_small_cdn_only: true,
          status: 'ok',
          hosts: [],
          download_sizes: ONE_FULL_SIZE,
        };
        return json(200, status);
      },
    });
    renderApp('/settings');

    expect((await screen.findByTestId('current-cdn')).textContent).toBe('大图CDN');
    expect(screen.getByTestId('cdn-status').textContent).toBe('不稳定');
    expect(screen.getByRole('note').textContent).toContain('容易触发');
    expect(screen.getByText(/推荐使用小图CDN/)).toBeTruthy();
    // No promise of settings to come; where the data capshelf ships comes from is said.
    expect(screen.queryByText(/正在开发中|敬请期待/)).toBeNull();
    expect(screen.getByRole('heading', { name: '数据来源' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'CC BY 4.0' }).getAttribute('href')).toBe(
      'https://creativecommons.org/licenses/by/4.0/',
    );
    const chosen = screen.getByRole('button', { name: '大图CDN' }) as HTMLButtonElement;
    expect(chosen.getAttribute('aria-pressed')).toBe('true');
    // Selected, not unavailable: it stays enabled (not greyed out), and pressing it changes nothing.
    expect(chosen.disabled).toBe(false);
    fireEvent.click(chosen);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: '小图CDN' }));
    await waitFor(() => expect(screen.getByTestId('current-cdn').textContent).toBe('小图CDN'));
    expect(screen.getByTestId('cdn-status').textContent).toBe('正常');
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByRole('button', { name: '小图CDN' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    // The status is read again after the switch.
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => url === '/api/images/cdn-status')).toHaveLength(
        2,
      ),
    );
  });

  it('lists the image hosts the server learnt are down', async () => {
    const down = {
      host: 'ancdn.fancaps.net',
      sizes: ['small' as const],
      state: 'down' as const,
      down_until: '2026-11-23T12:10:00.000Z',
      failures_in_a_row: 3,
      last_error: 'connection_error',
      last_failure_at: '2026-11-23T12:00:00.000Z',
    };
    const up = { ...down, host: 'cdni.fancaps.net', state: 'up' as const, down_until: null };
    mockApi({
      ...signedIn(),
      'GET /api/images/cdn-status': () =>
        json(200, {
          current_cdn: 'small',
          use_small_cdn_only: true,
          status: 'unreachable',
          hosts: [down, up],
          download_sizes: ONE_FULL_SIZE,
        }),
    });
    renderApp('/settings');
    const list = (await screen.findByText('暂停使用的图片服务器')).parentElement!;
    expect(list.textContent).toContain('ancdn.fancaps.net');
    expect(list.textContent).toContain('连续 3 次失败');
    expect(list.textContent).not.toContain('cdni.fancaps.net');
    expect(screen.getByTestId('cdn-status').textContent).toBe('无法连接');
  });

  it('shows a failed status read with a retry', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/images/cdn-status': () => json(403, { detail: '没有权限', code: 'FORBIDDEN' }),
    });
    renderApp('/settings');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('没有权限');
  });
});
