import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderApp } from '../test/helpers';

async function submit(email: string) {
  fireEvent.change(await screen.findByLabelText('邮箱'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: '发送重置邮件' }));
}

describe('ForgotPasswordPage', () => {
  it("asks for an email: '请输入邮箱地址'", async () => {
    mockApi({});
    renderApp('/forgot-password');
    await submit('  ');
    expect((await screen.findByRole('alert')).textContent).toBe('请输入邮箱地址');
  });

  it("rejects a malformed email: '请输入有效的邮箱地址'", async () => {
    mockApi({});
    renderApp('/forgot-password');
    await submit('not-an-email');
    expect((await screen.findByRole('alert')).textContent).toBe('请输入有效的邮箱地址');
  });

  it("shows the server's detail, else '发送重置邮件失败，请重试'", async () => {
    let answer = json(429, { detail: '请求过于频繁，请稍后再试' });
    mockApi({ 'POST /api/auth/reset-password': () => answer });
    renderApp('/forgot-password');
    await submit('alice@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe('请求过于频繁，请稍后再试');

    answer = json(502);
    fireEvent.click(screen.getByRole('button', { name: '发送重置邮件' }));
    expect(await screen.findByText('发送重置邮件失败，请重试')).toBeTruthy();
  });

  it('shows the sent screen; 重新发送 returns to an empty form', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/reset-password': () =>
        json(200, { message: '如果该邮箱已注册，我们已发送密码重置邮件，请查收。' }),
    });
    renderApp('/forgot-password');
    await submit(' Alice@Example.com ');

    await screen.findByRole('heading', { name: '邮件已发送' });
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({
      email: 'alice@example.com',
    });
    expect(screen.getByRole('link', { name: '返回登录' }).getAttribute('href')).toBe('/login');

    fireEvent.click(screen.getByRole('button', { name: '重新发送' }));
    expect(screen.getByLabelText<HTMLInputElement>('邮箱').value).toBe('');
  });
});
