import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@capshelf/contract';
import { englishUser, json, mockApi, renderApp, signedIn, testUser } from '../../test/helpers';

const admin = { ...testUser, role: 'admin' as const };
const actor = { id: 7, email: 'alice@example.com', name: 'Alice' };

const entry = (id: number, more: Partial<AuditEntry>): AuditEntry => ({
  id,
  at: '2026-11-26T10:00:00.000Z',
  actor,
  source: 'web',
  action: 'user.disable',
  target: 'bob@example.com',
  detail: {},
  ...more,
});

describe('AuditPage', () => {
  it('lists admin actions newest first and loads older ones on request', async () => {
    mockApi({
      ...signedIn(admin),
      'GET /api/admin/audit?limit=50': () =>
        json(200, {
          entries: [
            entry(3, { action: 'user.role', detail: { from: 'user', to: 'admin' } }),
            entry(2, {
              action: 'user.password_reset',
              actor: null,
              source: 'cli',
              detail: { generated: true },
            }),
          ],
          next_before: 2,
        }),
      'GET /api/admin/audit?limit=50&before=2': () =>
        json(200, {
          entries: [
            entry(1, {
              action: 'cache.evict',
              actor: null,
              source: 'system',
              target: 'episode 10702',
              detail: { files: 20 },
            }),
          ],
          next_before: null,
        }),
    });
    renderApp('/admin/audit');
    const list = await screen.findByRole('list', { name: '审计日志' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]?.textContent).toContain('更改角色');
    expect(rows[0]?.textContent).toContain('角色：普通用户 → 管理员');
    expect(rows[0]?.textContent).toContain('操作者：alice@example.com');
    expect(rows[1]?.textContent).toContain('重置密码');
    expect(rows[1]?.textContent).toContain('生成了新密码');
    expect(rows[1]?.textContent).toContain('命令行（npm run users）');
    fireEvent.click(screen.getByRole('button', { name: '加载更早的记录' }));
    expect(await within(list).findByText('自动清理缓存')).toBeTruthy();
    expect(within(list).getAllByRole('listitem')[2]?.textContent).toContain('files: 20');
    expect(screen.queryByRole('button', { name: '加载更早的记录' })).toBeNull();
  });

  it('names the access token actions', async () => {
    mockApi({
      ...signedIn(admin),
      'GET /api/admin/audit?limit=50': () =>
        json(200, {
          entries: [
            entry(2, { action: 'token.revoke', detail: { name: 'nightly' } }),
            entry(1, {
              action: 'token.create',
              target: 'bob@example.com',
              detail: { name: 'nightly', scopes: 'read,download' },
            }),
          ],
          next_before: null,
        }),
    });
    renderApp('/admin/audit');
    const list = await screen.findByRole('list', { name: '审计日志' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]?.textContent).toContain('撤销访问令牌');
    expect(rows[1]?.textContent).toContain('创建访问令牌');
    expect(rows[1]?.textContent).toContain('name: nightly · scopes: read,download');
  });

  it('says so when there is nothing yet, in English too', async () => {
    mockApi({
      ...signedIn({ ...englishUser, role: 'admin' }),
      'GET /api/admin/audit?limit=50': () => json(200, { entries: [], next_before: null }),
    });
    renderApp('/admin/audit');
    expect(await screen.findByText('No audit entries yet')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Audit log' })).toBeTruthy();
  });

  it('shows a plain user that the page is for administrators', async () => {
    const fetchMock = mockApi(signedIn());
    renderApp('/admin/audit');
    expect(await screen.findByText('只有管理员可以查看审计日志。')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/admin/audit'))).toBe(false);
  });
});
