import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../features/auth';
import { json, mockApi, renderApp, signedIn, testUser } from '../../test/helpers';

/** The value shown next to a label in the read-only view. */
function shown(term: string) {
  return screen.getByText(term).nextElementSibling?.textContent;
}

async function openEditor() {
  fireEvent.click(await screen.findByRole('button', { name: '编辑' }));
  return screen.findByLabelText<HTMLInputElement>('邮箱');
}

describe('ProfilePage', () => {
  it('shows the account read-only, with role label and unknown dates', async () => {
    mockApi(signedIn({ ...testUser, role: 'admin', created_at: 'garbage' }));
    renderApp('/profile');
    await screen.findByRole('heading', { name: '个人信息' });
    expect(shown('用户名')).toBe('alice');
    expect(shown('显示名称')).toBe('Alice');
    expect(within(screen.getByRole('main')).getByText('alice@example.com')).toBeTruthy();
    expect(shown('角色')).toBe('管理员');
    expect(shown('用户ID')).toBe('7');
    expect(shown('注册时间')).toBe('未知');
  });

  it.each([
    ['', '邮箱地址不能为空'],
    ['nope', '请输入有效的邮箱地址'],
  ])('validates the email %j: %s', async (email, message) => {
    mockApi(signedIn());
    renderApp('/profile');
    fireEvent.change(await openEditor(), { target: { value: email } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it("says '未找到认证令牌' when the token is gone", async () => {
    mockApi(signedIn());
    renderApp('/profile');
    await openEditor();
    localStorage.removeItem(TOKEN_KEY);
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByRole('alert')).textContent).toBe('未找到认证令牌');
  });

  it('saves with PATCH /auth/me, toasts and shows the new values', async () => {
    const fetchMock = mockApi({
      ...signedIn(),
      'PATCH /api/auth/me': (body) => json(200, { ...testUser, ...(body as object) }),
    });
    renderApp('/profile');
    fireEvent.change(await openEditor(), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByLabelText('显示名称'), { target: { value: '爱丽丝' } });
    fireEvent.change(screen.getByLabelText('当前密码（修改邮箱需要）'), {
      target: { value: 'Secret123' },
    });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));

    expect(await screen.findByText('用户信息更新成功')).toBeTruthy();
    await screen.findByRole('heading', { name: '个人信息' });
    expect(shown('显示名称')).toBe('爱丽丝');
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(JSON.parse(patch[1]!.body as string)).toEqual({
      username: 'alice',
      display_name: '爱丽丝',
      email: 'new@example.com',
      current_password: 'Secret123',
    });
  });

  it('asks for the current password only when the email changes', async () => {
    const fetchMock = mockApi({
      ...signedIn(),
      'PATCH /api/auth/me': (body) => json(200, { ...testUser, ...(body as object) }),
    });
    renderApp('/profile');
    const email = await openEditor();
    expect(screen.queryByLabelText('当前密码（修改邮箱需要）')).toBeNull();
    fireEvent.change(email, { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByRole('alert')).textContent).toBe('修改邮箱需要输入当前密码');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

    fireEvent.change(email, { target: { value: testUser.email } });
    expect(screen.queryByLabelText('当前密码（修改邮箱需要）')).toBeNull();
    fireEvent.change(screen.getByLabelText('显示名称'), { target: { value: '爱丽丝' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('用户信息更新成功')).toBeTruthy();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(JSON.parse(patch[1]!.body as string)).not.toHaveProperty('current_password');
  });

  it('shows a server refusal such as a taken email', async () => {
    mockApi({ ...signedIn(), 'PATCH /api/auth/me': () => json(409, { detail: '该邮箱已被使用' }) });
    renderApp('/profile');
    fireEvent.change(await openEditor(), { target: { value: 'bob@example.com' } });
    fireEvent.change(screen.getByLabelText('当前密码（修改邮箱需要）'), {
      target: { value: 'Secret123' },
    });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByRole('alert')).textContent).toBe('该邮箱已被使用');
  });

  it('取消 returns to the read-only view', async () => {
    mockApi(signedIn());
    renderApp('/profile');
    await openEditor();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(await screen.findByRole('heading', { name: '个人信息' })).toBeTruthy();
  });
});

describe('change password', () => {
  async function submit(current: string, password: string, repeat = password) {
    fireEvent.click(await screen.findByRole('button', { name: '修改密码' }));
    fireEvent.change(await screen.findByLabelText('当前密码'), { target: { value: current } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: password } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: repeat } });
    fireEvent.click(screen.getByRole('button', { name: '确认修改' }));
  }

  it.each([
    ['', 'Abcdefgh1', 'Abcdefgh1', '请输入当前密码'],
    ['Old12345', '', '', '请输入新密码'],
    ['Old12345', 'Ab1', 'Ab1', '密码长度至少为8位'],
    ['Old12345', 'ABCDEFGH1', 'ABCDEFGH1', '密码必须包含大小写字母和数字'],
    ['Old12345', 'Abcdefgh1', 'Abcdefgh9', '两次输入的密码不一致'],
  ])('rejects current=%j new=%j repeat=%j with %s', async (current, password, repeat, message) => {
    mockApi(signedIn());
    renderApp('/profile');
    await submit(current, password, repeat);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it("shows the server's detail for a wrong current password", async () => {
    mockApi({
      ...signedIn(),
      'POST /api/auth/change-password': () =>
        json(400, { detail: '当前密码错误', code: 'VALIDATION_FAILED' }),
    });
    renderApp('/profile');
    await submit('Wrong123', 'Abcdefgh1');
    expect((await screen.findByRole('alert')).textContent).toBe('当前密码错误');
  });

  it('changes the password and toasts', async () => {
    const fetchMock = mockApi({ ...signedIn(), 'POST /api/auth/change-password': () => json(204) });
    renderApp('/profile');
    await submit('Old12345', 'Abcdefgh1');
    expect(await screen.findByText('密码修改成功')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/change-password')!;
    expect(JSON.parse(call[1]!.body as string)).toEqual({
      current_password: 'Old12345',
      new_password: 'Abcdefgh1',
    });
  });
});
