import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderApp } from '../test/helpers';

async function submit(password: string, repeat = password) {
  fireEvent.change(await screen.findByLabelText('新密码'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: repeat } });
  fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
  return (await screen.findByRole('alert')).textContent;
}

describe('ResetPasswordPage', () => {
  it('shows the invalid-link screen without a token', async () => {
    mockApi({});
    renderApp('/reset-password');
    await screen.findByRole('heading', { name: '链接无效' });
    expect(screen.getByRole('alert').textContent).toBe('重置令牌无效');
    expect(screen.getByRole('link', { name: '重新申请密码重置' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('describes the new password field with the password rule', async () => {
    mockApi({});
    renderApp('/reset-password?token=t1');
    const field = await screen.findByLabelText('新密码');
    const rule = document.getElementById(field.getAttribute('aria-describedby')!);
    expect(rule?.textContent).toBe('密码至少8位，且须包含大写字母、小写字母和数字。');
  });

  it.each([
    ['', '', '请输入新密码'],
    ['Ab1', 'Ab1', '密码长度至少为8位'],
    ['abcdefgh1', 'abcdefgh1', '密码必须包含大小写字母和数字'],
    ['Abcdefgh1', 'Abcdefgh2', '两次输入的密码不一致'],
  ])('rejects %j / %j with %s', async (password, repeat, message) => {
    mockApi({});
    renderApp('/reset-password?token=t1');
    expect(await submit(password, repeat)).toBe(message);
  });

  it('explains an expired token on a 400', async () => {
    mockApi({ 'POST /api/auth/reset-password/confirm': () => json(400, { detail: '令牌无效' }) });
    renderApp('/reset-password?token=t1');
    expect(await submit('Abcdefgh1')).toBe('重置令牌已过期或无效，请重新申请密码重置');
  });

  it("shows other failures' detail, else '密码重置失败，请重试'", async () => {
    let answer = json(429, { detail: '请求过于频繁' });
    mockApi({ 'POST /api/auth/reset-password/confirm': () => answer });
    renderApp('/reset-password?token=t1');
    expect(await submit('Abcdefgh1')).toBe('请求过于频繁');

    answer = json(503);
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    expect(await screen.findByText('密码重置失败，请重试')).toBeTruthy();
  });

  it('sends the token and shows the success screen', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/reset-password/confirm': () => json(200, { message: '密码已重置' }),
    });
    renderApp('/reset-password?token=t1');
    fireEvent.change(await screen.findByLabelText('新密码'), { target: { value: 'Abcdefgh1' } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'Abcdefgh1' } });
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));

    await screen.findByRole('heading', { name: '密码重置成功' });
    expect(screen.getByRole('link', { name: '前往登录' }).getAttribute('href')).toBe('/login');
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({
      token: 't1',
      new_password: 'Abcdefgh1',
    });
  });
});
