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
              action: 'cache.delete',
              target: 'https://fancaps.net/anime/episodeimages.php?10702',
              detail: { type: 'delete-files', episodeId: '10702', count: 20, bytes: 0 },
            }),
          ],
          next_before: null,
        }),
    });
    renderApp('/admin/audit');
    const list = await screen.findByRole('list', { name: '审计日志' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]?.textContent).toContain('将 bob@example.com 的角色从普通用户改为管理员');
    expect(rows[0]?.textContent).toContain('操作者：alice@example.com');
    expect(rows[1]?.textContent).toContain('重置 bob@example.com 的密码：生成了新密码');
    expect(rows[1]?.textContent).toContain('命令行（npm run users）');
    fireEvent.click(screen.getByRole('button', { name: '加载更早的记录' }));
    await within(list).findByText(/的缓存图片：20 个文件/);
    expect(within(list).getAllByRole('listitem')[2]?.textContent).toContain(
      '删除 https://fancaps.net/anime/episodeimages.php?10702 的缓存图片：20 个文件',
    );
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
    expect(rows[0]?.textContent).toContain('撤销 bob@example.com 的访问令牌「nightly」');
    expect(rows[1]?.textContent).toContain(
      '为 bob@example.com 创建访问令牌「nightly」，权限：读取和下载',
    );
  });

  const evictions = [
    entry(4, {
      action: 'cache.evict',
      target: 'image cache',
      detail: {
        type: 'evict',
        bytes: 16480904,
        includeFavorites: false,
        count: 1581,
      },
    }),
    entry(3, {
      action: 'cache.evict',
      target: 'image cache',
      detail: { type: 'evict', includeFavorites: true, count: 0, bytes: 0 },
    }),
    entry(2, {
      action: 'user.create',
      target: 'carol@example.com',
      detail: { role: 'user' },
    }),
    entry(1, {
      action: 'cache.delete',
      target: 'somewhere',
      detail: { type: 'future-kind', count: 3 },
    }),
  ];

  it('writes each entry as a sentence: sizes, counts and roles in words, no raw keys', async () => {
    mockApi({
      ...signedIn(admin),
      'GET /api/admin/audit?limit=50': () => json(200, { entries: evictions, next_before: null }),
    });
    renderApp('/admin/audit');
    const list = await screen.findByRole('list', { name: '审计日志' });
    const rows = within(list)
      .getAllByRole('listitem')
      .map((row) => row.textContent ?? '');
    expect(rows[0]).toContain('手动淘汰：15.7 MB，1,581 个文件（不含收藏）');
    expect(rows[1]).toContain('手动淘汰：没有需要淘汰的文件');
    expect(rows[2]).toContain('创建用户 carol@example.com，角色：普通用户');
    // Particulars this page does not know read as what they are, not as nothing.
    expect(rows[3]).toContain('cache.delete · somewhere · type: future-kind · count: 3');
    const page = rows.slice(0, 3).join('\n');
    for (const raw of ['bytes', 'includeFavorites', 'type:', 'evict', 'image cache', '16480904'])
      expect(page).not.toContain(raw);
  });

  it('writes the same entries in English for an English reader', async () => {
    mockApi({
      ...signedIn({ ...englishUser, role: 'admin' }),
      'GET /api/admin/audit?limit=50': () => json(200, { entries: evictions, next_before: null }),
    });
    renderApp('/admin/audit');
    const list = await screen.findByRole('list', { name: 'Audit log' });
    const rows = within(list)
      .getAllByRole('listitem')
      .map((row) => row.textContent ?? '');
    expect(rows[0]).toContain(
      'Evicted by an administrator: 15.7 MB, 1,581 files (favourites kept)',
    );
    expect(rows[1]).toContain('Evicted by an administrator: there was nothing to evict');
    expect(rows[2]).toContain('Created user carol@example.com, role: User');
    expect(rows.join('\n')).not.toMatch(/[\u4e00-\u9fff]/);
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
