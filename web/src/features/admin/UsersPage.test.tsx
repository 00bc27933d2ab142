import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AccessToken, AdminUser } from '@capshelf/contract';
import { json, mockApi, renderApp, signedIn, testUser } from '../../test/helpers';

const admin = { ...testUser, role: 'admin' as const };
const account = (id: number, email: string): AdminUser => ({
  ...testUser,
  id,
  email,
  username: email.split('@')[0]!,
  display_name: null,
  status: 'active',
});

const token = (id: number, name: string, more: Partial<AccessToken> = {}): AccessToken => ({
  id,
  name,
  scopes: ['read'],
  created_at: '2026-01-01T00:00:00.000Z',
  expires_at: null,
  last_used_at: null,
  ...more,
});

const row = (email: string) => document.querySelector<HTMLElement>(`[data-user-email="${email}"]`)!;

/** Two users, carol with `tokens` (a live list the handlers may change) and dave with none. */
function usersWithTokens(tokens: AccessToken[]) {
  return mockApi({
    ...signedIn(admin),
    'GET /api/admin/users': () =>
      json(200, { users: [account(2, 'carol@example.com'), account(3, 'dave@example.com')] }),
    'GET /api/admin/users/2/tokens': () => json(200, { tokens }),
    'GET /api/admin/users/3/tokens': () => json(200, { tokens: [] }),
    'DELETE /api/admin/users/2/tokens/5': () => {
      tokens.splice(
        tokens.findIndex((t) => t.id === 5),
        1,
      );
      return new Response(null, { status: 204 });
    },
  });
}

const tokenCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url]) => url.includes('/tokens'));

describe('UsersPage', () => {
  it("asks for the admin's own password before resetting a user's, and sends it", async () => {
    let sent: unknown;
    mockApi({
      ...signedIn(admin),
      'GET /api/admin/users': () => json(200, { users: [account(2, 'carol@example.com')] }),
      'POST /api/admin/users/2/password': (body) => {
        sent = body;
        return json(200, {
          user: account(2, 'carol@example.com'),
          generated_password: 'Fresh-Pass-123',
        });
      },
    });
    renderApp('/admin/users');
    await waitFor(() => expect(row('carol@example.com')).toBeTruthy());
    fireEvent.click(within(row('carol@example.com')).getByRole('button', { name: '重置密码' }));
    const dialog = await screen.findByRole('alertdialog', { name: '重置密码' });
    const confirm = within(dialog).getByRole('button', { name: '重置密码' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('你的密码（确认是你本人）'), {
      target: { value: 'AdminPass123' },
    });
    fireEvent.click(confirm);
    expect(await screen.findByText('Fresh-Pass-123')).toBeTruthy();
    expect(sent).toEqual({ current_password: 'AdminPass123' });
  });

  it("shows each user's kept archives and library folder", async () => {
    mockApi({
      ...signedIn(admin),
      'GET /api/admin/users': () =>
        json(200, { users: [account(2, 'carol@example.com'), account(3, 'dave@example.com')] }),
      'GET /api/admin/download-storage': () =>
        json(200, {
          users: [
            {
              user_id: 2,
              kept_bytes: 3 * 1024 ** 3,
              kept_count: 2,
              library_bytes: 512 * 1024 ** 2,
            },
            { user_id: 3, kept_bytes: 0, kept_count: 0, library_bytes: 0 },
          ],
          quota_bytes: 20 * 1024 ** 3,
        }),
    });
    renderApp('/admin/users');
    await screen.findByText('carol@example.com');
    const carol = row('carol@example.com');
    expect(
      await within(carol).findByText('已保存 2 个压缩包 · 3.00 GB · 服务器图库 512.0 MB'),
    ).toBeTruthy();
    const dave = row('dave@example.com');
    expect(within(dave).getByText('已保存 0 个压缩包 · 0 B · 服务器图库 0 B')).toBeTruthy();
  });

  it("loads a user's tokens only when opened, with their permissions and dates", async () => {
    const fetchMock = usersWithTokens([
      token(5, 'nightly', {
        scopes: ['read', 'download'],
        last_used_at: '2026-02-03T04:05:06.000Z',
        expires_at: '2026-04-01T00:00:00.000Z',
      }),
    ]);
    renderApp('/admin/users');
    await screen.findByText('carol@example.com');
    const carol = row('carol@example.com');
    const toggle = within(carol).getByRole('button', { name: '访问令牌' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(tokenCalls(fetchMock)).toEqual([]);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const tokens = within(carol).getByRole('region', { name: 'carol@example.com 的访问令牌' });
    expect(await within(tokens).findByText('nightly')).toBeTruthy();
    expect(within(tokens).getByText('读取 · 下载')).toBeTruthy();
    expect(within(tokens).getByText(/^创建于 .+ · 到期：.+ · 上次使用：.+$/)).toBeTruthy();
    expect(tokenCalls(fetchMock).map(([url]) => url)).toEqual(['/api/admin/users/2/tokens']);

    fireEvent.click(toggle);
    expect(within(carol).queryByRole('region')).toBeNull();
  });

  it('revokes a token after asking, and the list loses it', async () => {
    const fetchMock = usersWithTokens([token(5, 'nightly'), token(6, 'backup')]);
    renderApp('/admin/users');
    await screen.findByText('carol@example.com');
    const carol = row('carol@example.com');
    fireEvent.click(within(carol).getByRole('button', { name: '访问令牌' }));
    fireEvent.click(await within(carol).findByRole('button', { name: '撤销令牌 nightly' }));

    const dialog = await screen.findByRole('alertdialog', { name: '撤销访问令牌' });
    expect(dialog.textContent).toContain('carol@example.com');
    expect(dialog.textContent).toContain('nightly');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '撤销' }));

    await waitFor(() => expect(within(carol).queryByText('nightly')).toBeNull());
    expect(within(carol).getByText('backup')).toBeTruthy();
    expect(
      fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => url),
    ).toEqual(['/api/admin/users/2/tokens/5']);
    expect(await screen.findByText('已撤销令牌 nightly')).toBeTruthy();
  });

  it('says so when a user has no tokens', async () => {
    usersWithTokens([]);
    renderApp('/admin/users');
    await screen.findByText('dave@example.com');
    const dave = row('dave@example.com');
    fireEvent.click(within(dave).getByRole('button', { name: '访问令牌' }));
    expect(await within(dave).findByText('没有访问令牌')).toBeTruthy();
    expect(within(dave).queryByRole('listitem')).toBeNull();
  });
});
