import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminUser } from '@capshelf/contract';
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

describe('UsersPage', () => {
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
    const row = (email: string) =>
      document.querySelector<HTMLElement>(`[data-user-email="${email}"]`)!;
    const carol = row('carol@example.com');
    expect(
      await within(carol).findByText('已保存 2 个压缩包 · 3.00 GB · 服务器图库 512.0 MB'),
    ).toBeTruthy();
    const dave = row('dave@example.com');
    expect(within(dave).getByText('已保存 0 个压缩包 · 0 B · 服务器图库 0 B')).toBeTruthy();
  });
});
