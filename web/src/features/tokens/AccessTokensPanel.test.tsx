import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AccessToken } from '@capshelf/contract';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderApp, signedIn } from '../../test/helpers';

const entry: AccessToken = {
  id: 3,
  name: 'nightly',
  scopes: ['read', 'download'],
  created_at: '2026-01-01T00:00:00.000Z',
  expires_at: null,
  last_used_at: null,
};

describe('访问令牌 on the profile', () => {
  it('creates a token shown once, lists it with its permissions, and revokes it', async () => {
    let tokens: AccessToken[] = [];
    const bodies: unknown[] = [];
    mockApi({
      ...signedIn(),
      'GET /api/auth/tokens': () => json(200, { tokens }),
      'POST /api/auth/tokens': (body) => {
        bodies.push(body);
        tokens = [entry];
        return json(201, { ...entry, token: 'csp_secret' });
      },
      'DELETE /api/auth/tokens/3': () => {
        tokens = [];
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/profile');
    const panel = (await screen.findByRole('heading', { name: '访问令牌' })).closest('section')!;
    expect(await within(panel).findByText('还没有访问令牌')).toBeTruthy();

    fireEvent.change(within(panel).getByLabelText('名称'), { target: { value: 'nightly' } });
    fireEvent.click(within(panel).getByLabelText('下载'));
    fireEvent.change(within(panel).getByLabelText('有效期'), { target: { value: 'never' } });
    fireEvent.click(within(panel).getByRole('button', { name: '创建令牌' }));

    expect((await within(panel).findByTestId('new-token')).textContent).toBe('csp_secret');
    expect(bodies).toEqual([{ name: 'nightly', scopes: ['read', 'download'] }]);
    expect(await within(panel).findByText('读取 · 下载')).toBeTruthy();
    expect(within(panel).getByText(/永不过期 · 从未使用/)).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: '撤销令牌 nightly' }));
    await waitFor(() => expect(within(panel).queryByText('读取 · 下载')).toBeNull());
  });
});
