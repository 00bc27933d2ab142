import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderApp, signedIn, testUser } from '../../test/helpers';
import { TOKEN_KEY, USER_KEY } from './storage';

describe('protected routes', () => {
  it('send an anonymous visitor to /login and return to the origin after login', async () => {
    mockApi({
      'POST /api/auth/login': () =>
        json(200, { access_token: 'fresh', token_type: 'bearer', user: testUser }),
      'GET /api/favorites': () => json(200, { data: { works: [], episodes: [], images: [] } }),
    });
    const { router } = renderApp('/favorites?tab=images');

    await screen.findByRole('heading', { name: '登录' });
    expect(router.state.location.pathname).toBe('/login');

    fireEvent.change(screen.getByLabelText('邮箱'), { target: { value: 'alice@example.com' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));

    await screen.findByRole('heading', { name: '我的收藏' });
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/favorites?tab=images',
    );
    expect(localStorage.getItem(TOKEN_KEY)).toBe('fresh');
    expect(JSON.parse(localStorage.getItem(USER_KEY)!)).toEqual(testUser);
    expect(screen.getByText('alice@example.com')).toBeTruthy();
    // Signing in on purpose is not an expiry.
    expect(screen.queryByText('登录已过期，请重新登录')).toBeNull();
  });

  it('show a spinner while the stored session is checked', async () => {
    localStorage.setItem(TOKEN_KEY, 'test-token');
    mockApi({ 'GET /api/auth/me': () => new Promise<Response>(() => {}) });
    renderApp('/settings');
    // The lazy screen's own loading state may come first; wait for the session check's.
    const label = await screen.findByText('正在验证登录状态...');
    expect(label.closest('[role="status"]')).toBeTruthy();
  });

  it('treat a stored token the server rejects as signed out', async () => {
    localStorage.setItem(TOKEN_KEY, 'stale');
    mockApi({ 'GET /api/auth/me': () => json(401, { detail: '登录已过期' }) });
    const { router } = renderApp('/settings');

    await screen.findByRole('heading', { name: '登录' });
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(screen.getByText('登录已过期，请重新登录')).toBeTruthy();
  });

  it('send a visitor whose session ends mid-use to /login with the notice, and back after login', async () => {
    let valid = true;
    mockApi({
      ...signedIn(),
      'GET /api/favorites': () =>
        valid
          ? json(200, { data: { works: [], episodes: [], images: [] } })
          : json(401, { detail: '请先登录', code: 'UNAUTHENTICATED' }),
      'POST /api/auth/login': () =>
        json(200, { access_token: 'again', token_type: 'bearer', user: testUser }),
    });
    const { router } = renderApp('/settings');
    await screen.findByRole('heading', { name: '设置' });
    valid = false;
    await router.navigate('/favorites?tab=works');

    await screen.findByText('登录已过期，请重新登录');
    expect(router.state.location.pathname).toBe('/login');
    valid = true;
    fireEvent.change(screen.getByLabelText('邮箱'), { target: { value: 'alice@example.com' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await screen.findByRole('heading', { name: '我的收藏' });
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/favorites?tab=works',
    );
  });

  it('let a signed-in visitor through and sign out with 退出登录 from the user menu', async () => {
    const fetchMock = mockApi({ ...signedIn(), 'POST /api/auth/logout': () => json(204) });
    const { router } = renderApp('/search');

    await screen.findByRole('heading', { name: '搜索' });
    // Radix opens its menu on pointerdown / keyboard, not on a synthetic click.
    fireEvent.keyDown(screen.getByRole('button', { name: '用户菜单' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: '退出登录' }));

    await screen.findByRole('heading', { name: '登录' });
    expect(router.state.location.pathname).toBe('/login');
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/auth/logout');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
