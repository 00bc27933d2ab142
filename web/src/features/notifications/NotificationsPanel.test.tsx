import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NotificationChannel } from '@capshelf/contract';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderApp, signedIn } from '../../test/helpers';

const hook: NotificationChannel = {
  id: 4,
  type: 'webhook',
  format: 'ntfy',
  target: 'https://ntfy.sh/my-topic',
  events: ['new_episodes', 'download_finished', 'download_failed', 'download_paused'],
  created_at: '2026-01-01T00:00:00.000Z',
  last_delivery: null,
  pending: 0,
};

describe('通知 on the profile', () => {
  it('adds a webhook, sends a test showing its result, changes its events and deletes it', async () => {
    let channels: NotificationChannel[] = [];
    const bodies: unknown[] = [];
    mockApi({
      ...signedIn(),
      'GET /api/notifications/channels': () =>
        json(200, { channels, email_available: false, max_channels: 10 }),
      'POST /api/notifications/channels': (body) => {
        bodies.push(body);
        channels = [hook];
        return json(201, hook);
      },
      'POST /api/notifications/channels/4/test': () => {
        channels = [
          {
            ...channels[0]!,
            last_delivery: {
              at: '2026-01-02T00:00:00.000Z',
              ok: false,
              status: 404,
              error: 'HTTP 404',
            },
          },
        ];
        return json(200, channels[0]);
      },
      'PATCH /api/notifications/channels/4': (body) => {
        bodies.push(body);
        channels = [{ ...channels[0]!, ...(body as object) }];
        return json(200, channels[0]);
      },
      'DELETE /api/notifications/channels/4': () => {
        channels = [];
        return json(200, { success: true });
      },
    });
    renderApp('/profile');
    const panel = (await screen.findByRole('heading', { name: '通知' })).closest('section')!;
    expect(await within(panel).findByText('还没有通知渠道')).toBeTruthy();
    // No SMTP on this server: e-mail cannot be chosen.
    expect((within(panel).getByLabelText('渠道') as HTMLSelectElement).disabled).toBe(true);

    fireEvent.change(within(panel).getByLabelText('格式'), { target: { value: 'ntfy' } });
    fireEvent.change(within(panel).getByLabelText('Webhook 地址'), {
      target: { value: 'https://ntfy.sh/my-topic' },
    });
    fireEvent.click(within(panel).getByLabelText('下载暂停'));
    fireEvent.click(within(panel).getByRole('button', { name: '添加渠道' }));
    const item = await within(panel).findByTestId('notification-channel');
    expect(bodies[0]).toEqual({
      type: 'webhook',
      format: 'ntfy',
      url: 'https://ntfy.sh/my-topic',
      events: ['new_episodes', 'download_finished', 'download_failed', 'download_quota'],
    });
    expect(within(item).getByText('https://ntfy.sh/my-topic')).toBeTruthy();
    expect(within(item).getByTestId('last-result').textContent).toBe('尚未发送');

    fireEvent.click(within(item).getByRole('button', { name: '发送测试' }));
    await waitFor(() =>
      expect(within(item).getByTestId('last-result').textContent).toMatch(/失败：HTTP 404/),
    );

    fireEvent.click(within(item).getByLabelText('关注作品有新剧集'));
    await waitFor(() =>
      expect(bodies[1]).toEqual({
        events: ['download_finished', 'download_failed', 'download_paused'],
      }),
    );

    fireEvent.click(
      within(item).getByRole('button', { name: '删除通知渠道 ntfy https://ntfy.sh/my-topic' }),
    );
    expect(await within(panel).findByText('还没有通知渠道')).toBeTruthy();
  });
});
