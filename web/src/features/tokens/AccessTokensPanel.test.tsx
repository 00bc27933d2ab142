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
    fireEvent.change(within(panel).getByLabelText('当前密码'), { target: { value: 'Secret123' } });
    fireEvent.click(within(panel).getByRole('button', { name: '创建令牌' }));

    expect((await within(panel).findByTestId('new-token')).textContent).toBe('csp_secret');
    expect(bodies).toEqual([
      { current_password: 'Secret123', name: 'nightly', scopes: ['read', 'download'] },
    ]);
    expect(within(panel).getByLabelText<HTMLInputElement>('当前密码').value).toBe('');
    expect(await within(panel).findByText('读取 · 下载')).toBeTruthy();
    expect(within(panel).getByText(/永不过期 · 从未使用/)).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: '撤销令牌 nightly' }));
    await waitFor(() => expect(within(panel).queryByText('读取 · 下载')).toBeNull());
    // Shown once: the token itself is never read back.
    expect(within(panel).getByTestId('new-token').textContent).toBe('csp_secret');
  });

  it("asks for the password first, and shows the server's answer to a wrong one", async () => {
    const bodies: unknown[] = [];
    mockApi({
      ...signedIn(),
      'GET /api/auth/tokens': () => json(200, { tokens: [] }),
      'POST /api/auth/tokens': (body) => {
        bodies.push(body);
        return json(400, { detail: '当前密码不正确', code: 'VALIDATION_FAILED' });
      },
    });
    renderApp('/profile');
    const panel = (await screen.findByRole('heading', { name: '访问令牌' })).closest('section')!;
    const password = within(panel).getByLabelText<HTMLInputElement>('当前密码');
    expect(password.autocomplete).toBe('current-password');
    expect(password.required).toBe(true);

    fireEvent.change(within(panel).getByLabelText('名称'), { target: { value: 'nightly' } });
    fireEvent.click(within(panel).getByRole('button', { name: '创建令牌' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe('请输入当前密码');
    expect(bodies).toEqual([]);

    fireEvent.change(password, { target: { value: 'Wrong123' } });
    fireEvent.click(within(panel).getByRole('button', { name: '创建令牌' }));
    await waitFor(() =>
      expect(within(panel).getByRole('alert').textContent).toBe('当前密码不正确'),
    );
    expect(bodies).toHaveLength(1);
    expect(password.value).toBe('');
    expect(within(panel).queryByTestId('new-token')).toBeNull();
    expect(within(panel).getByText('还没有访问令牌')).toBeTruthy();
  });
});
