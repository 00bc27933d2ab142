import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LoginResponse, User } from '@capshelf/contract';
import { i18n, LOCALE_KEY, storedLocale } from '../../i18n';
import { LOGIN_CHOICE_KEY } from '../../i18n/preference';
import { cdnStatus, ONE_FULL_SIZE } from '../../test/downloadFixtures';
import { json, mockApi, renderApp, signedIn, testUser } from '../../test/helpers';

const patches = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => url === '/api/auth/me' && init?.method === 'PATCH')
    .map(([, init]) => JSON.parse(init!.body as string) as unknown);

function loginAnswer(user: User): LoginResponse {
  return { access_token: 'new-token', token_type: 'bearer', user };
}

async function logIn() {
  fireEvent.change(screen.getByLabelText(/邮箱|Email/), { target: { value: 'alice@example.com' } });
  fireEvent.change(screen.getByLabelText(/^(密码|Password)$/), { target: { value: 'Secret123' } });
  fireEvent.click(screen.getByRole('button', { name: /^(登录|Sign in)$/ }));
}

describe('language preference', () => {
  it('设置 › 语言 saves the choice with PATCH /auth/me and shows the page in it at once', async () => {
    const fetchMock = mockApi({
      ...signedIn(),
      'GET /api/images/cdn-status': () => json(200, cdnStatus(ONE_FULL_SIZE, true)),
      'PATCH /api/auth/me': (body) => json(200, { ...testUser, ...(body as object) }),
    });
    renderApp('/settings');
    expect(await screen.findByRole('heading', { name: '设置', level: 1 })).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh-CN');

    fireEvent.click(screen.getByRole('radio', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ locale: 'en' }]));
    expect(localStorage.getItem(LOCALE_KEY)).toBe('en');

    fireEvent.click(screen.getByRole('radio', { name: '中文' }));
    expect(await screen.findByRole('heading', { name: '设置', level: 1 })).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh-CN');
    await waitFor(() =>
      expect(patches(fetchMock)).toEqual([{ locale: 'en' }, { locale: 'zh-CN' }]),
    );
  });

  it('goes back to the previous language when the server refuses to save it', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/images/cdn-status': () => json(200, cdnStatus(ONE_FULL_SIZE, true)),
      'PATCH /api/auth/me': () => json(500, { detail: '服务器内部错误', code: 'INTERNAL' }),
    });
    renderApp('/settings');
    fireEvent.click(await screen.findByRole('radio', { name: 'English' }));
    expect(await screen.findByText('服务器内部错误')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '设置', level: 1 })).toBeTruthy();
    expect(i18n.language).toBe('zh-CN');
  });

  it("shows a signed-in user's stored language on load, on any device", async () => {
    mockApi(signedIn({ ...testUser, locale: 'en' }));
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Search' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'User menu' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    // Mirrored in this browser, so the login page speaks it after a sign-out.
    expect(localStorage.getItem(LOCALE_KEY)).toBe('en');
  });

  it('the login page switch changes the page before login and is kept in this browser', async () => {
    mockApi({});
    const { unmount } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: '登录' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');

    // A reload starts i18next with the stored language.
    unmount();
    expect(localStorage.getItem(LOCALE_KEY)).toBe('en');
    expect(storedLocale()).toBe('en');
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it("sends the login page's choice at login: the latest explicit choice wins, then is forgotten", async () => {
    const fetchMock = mockApi({
      'POST /api/auth/login': () => json(200, loginAnswer({ ...testUser, locale: 'zh-CN' })),
      'PATCH /api/auth/me': (body) => json(200, { ...testUser, ...(body as object) }),
    });
    renderApp('/login');
    fireEvent.click(await screen.findByRole('radio', { name: 'English' }));
    await logIn();
    expect(await screen.findByRole('button', { name: 'User menu' })).toBeTruthy();
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ locale: 'en' }]));
    expect(i18n.language).toBe('en');
    expect(localStorage.getItem(LOGIN_CHOICE_KEY)).toBeNull();
  });

  it("applies the server's language at login when none was chosen on the login page", async () => {
    localStorage.setItem(LOCALE_KEY, 'zh-CN');
    const fetchMock = mockApi({
      'POST /api/auth/login': () => json(200, loginAnswer({ ...testUser, locale: 'en' })),
    });
    renderApp('/login');
    await screen.findByRole('heading', { name: '登录' });
    await logIn();
    expect(await screen.findByRole('button', { name: 'User menu' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LOCALE_KEY)).toBe('en');
    expect(patches(fetchMock)).toEqual([]);
  });
});
