import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderApp, signedIn } from '../test/helpers';

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('邮箱'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: password } });
}

const submitButton = () => screen.getByRole<HTMLButtonElement>('button', { name: '登录' });

describe('LoginPage', () => {
  it('keeps submit disabled while a field is blank', async () => {
    mockApi({});
    renderApp('/login');
    await screen.findByLabelText('邮箱');
    expect(submitButton().disabled).toBe(true);
    fill('alice@example.com', '');
    expect(submitButton().disabled).toBe(true);
    fill('alice@example.com', 'x');
    expect(submitButton().disabled).toBe(false);
  });

  // The disabled button blocks clicks and Enter; a scripted submit still gets the message.
  it("says '邮箱和密码不能为空' when the form is submitted blank anyway", async () => {
    mockApi({});
    renderApp('/login');
    fill('', 'Secret123');
    fireEvent.submit(submitButton().form!);
    expect((await screen.findByRole('alert')).textContent).toBe('邮箱和密码不能为空');
  });

  it("shows '登录中...' while submitting, then the server's detail", async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({ 'POST /api/auth/login': () => new Promise((resolve) => (answer = resolve)) });
    renderApp('/login');
    fill('alice@example.com', 'wrong');
    fireEvent.click(submitButton());

    expect(await screen.findByRole('button', { name: '登录中...' })).toBeTruthy();
    answer(json(401, { detail: '邮箱或密码错误' }));
    expect((await screen.findByRole('alert')).textContent).toBe('邮箱或密码错误');
  });

  it("falls back to '登录失败，请重试' without a detail", async () => {
    mockApi({ 'POST /api/auth/login': () => json(500) });
    renderApp('/login');
    fill('alice@example.com', 'Secret123');
    fireEvent.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe('登录失败，请重试');
  });

  it('shows the already-logged-in panel with a button back to the origin', async () => {
    mockApi(signedIn());
    const { router } = renderApp({ pathname: '/login', state: { from: '/history?x=1' } });

    await screen.findByRole('heading', { name: '您已登录' });
    fireEvent.click(screen.getByRole('button', { name: '返回首页' }));
    await screen.findByRole('heading', { name: '搜索历史图库' });
    expect(router.state.location.pathname + router.state.location.search).toBe('/history?x=1');
  });

  it('says that signing in comes first when the visitor was on the way to a page, and only then', async () => {
    mockApi({});
    const { router } = renderApp('/');
    fireEvent.click(await screen.findByRole('link', { name: '登录后开始搜索' }));
    expect(await screen.findByText('请先登录，登录后会直接打开您要去的页面。')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');

    // Opened directly, the page has nothing to say about a next page.
    await router.navigate('/login');
    await waitFor(() =>
      expect(screen.queryByText('请先登录，登录后会直接打开您要去的页面。')).toBeNull(),
    );
  });

  it('links to the forgot-password page', async () => {
    mockApi({});
    renderApp('/login');
    expect((await screen.findByRole('link', { name: '忘记密码？' })).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });
});
