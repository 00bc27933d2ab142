import { describe, expect, it } from 'vitest';
import { ADMIN, bearer, databaseKind } from './helpers';
import { get, post, t, useFreshApp } from './support/auth-app';

useFreshApp();

describe(`auth (${databaseKind})`, () => {
  it('logs in with the right password and answers the contract shape', async () => {
    const res = await post('/api/auth/login', {
      email: 'ADMIN@example.com ',
      password: ADMIN.password,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token_type).toBe('bearer');
    expect(body.access_token).toMatch(/^[\w-]{40,}$/);
    expect(body.user).toMatchObject({ email: ADMIN.email, role: 'admin', username: 'admin' });
    expect(body.user).not.toHaveProperty('password_hash');
  });

  it('sets an HttpOnly SameSite=Lax session cookie for the API', async () => {
    const res = await post('/api/auth/login', ADMIN);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/capshelf_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api;/);
  });

  it('refuses a wrong password and an unknown email with the same answer', async () => {
    const wrong = await post('/api/auth/login', { email: ADMIN.email, password: 'Nope12345' });
    const unknown = await post('/api/auth/login', {
      email: 'nobody@example.com',
      password: 'Nope12345',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: '邮箱或密码错误', code: 'UNAUTHENTICATED' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('blocks the sixth attempt after five failures for the same email and address', async () => {
    for (let i = 0; i < 5; i++) {
      expect(
        (await post('/api/auth/login', { email: ADMIN.email, password: 'Wrong1234' })).statusCode,
      ).toBe(401);
    }
    const blocked = await post('/api/auth/login', ADMIN);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('TOO_MANY_REQUESTS');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const otherAddress = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: ADMIN,
      remoteAddress: '10.9.8.7',
    });
    expect(otherAddress.statusCode).toBe(200);
  });

  it('returns the current user for a valid token and 401 otherwise', async () => {
    const token = await t.login();
    expect((await get('/api/auth/me', bearer(token))).json().email).toBe(ADMIN.email);
    expect((await get('/api/auth/me')).statusCode).toBe(401);
    const garbage = await get('/api/auth/me', bearer('not-a-token'));
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('answers status without ever failing', async () => {
    expect((await get('/api/auth/status')).json()).toEqual({ authenticated: false });
    expect((await get('/api/auth/status', bearer('junk'))).json()).toEqual({
      authenticated: false,
    });
    const token = await t.login();
    const status = (await get('/api/auth/status', bearer(token))).json();
    expect(status).toMatchObject({ authenticated: true, user: { email: ADMIN.email } });
  });

  it('revokes the token at logout', async () => {
    const token = await t.login();
    const res = await post('/api/auth/logout', {}, bearer(token));
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/capshelf_session=;/);
    expect((await get('/api/auth/me', bearer(token))).statusCode).toBe(401);
  });

  it('saves profile changes and ignores fields the user may not set', async () => {
    const token = await t.login();
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: bearer(token),
      payload: { display_name: '管理员小王', username: 'wang', role: 'user', id: 999 },
    });
    expect(res.statusCode).toBe(200);
    const me = (await get('/api/auth/me', bearer(token))).json();
    expect(me).toMatchObject({ display_name: '管理员小王', username: 'wang', role: 'admin' });
    expect(me.id).not.toBe(999);
  });

  it('keeps language and colour scheme per user, for every session, and refuses unknown ones', async () => {
    const first = await t.login();
    expect((await get('/api/auth/me', bearer(first))).json()).toMatchObject({
      locale: 'zh-CN',
      theme: 'system',
    });
    const set = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: bearer(first),
      payload: { locale: 'en', theme: 'dark' },
    });
    expect(set.json()).toMatchObject({ locale: 'en', theme: 'dark' });
    // Another device logs in and gets the choice with its user.
    const login = await post('/api/auth/login', ADMIN);
    expect(login.json().user).toMatchObject({ locale: 'en', theme: 'dark' });
    const status = await get('/api/auth/status', bearer(login.json().access_token));
    expect(status.json().user).toMatchObject({ locale: 'en', theme: 'dark' });

    for (const payload of [{ locale: 'fr' }, { theme: 'sepia' }, { locale: 42 }]) {
      const bad = await t.app.inject({
        method: 'PATCH',
        url: '/api/auth/me',
        headers: bearer(first),
        payload,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await get('/api/auth/me', bearer(first))).json()).toMatchObject({
      locale: 'en',
      theme: 'dark',
    });
    // Other users keep the defaults.
    const other = await t.userHeaders('someone@example.com');
    expect((await get('/api/auth/me', other)).json()).toMatchObject({
      locale: 'zh-CN',
      theme: 'system',
    });
  });

  it('refuses a profile email or username that another account uses', async () => {
    const other = await t.userHeaders('other@example.com');
    const takenEmail = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: other,
      payload: { email: ADMIN.email, current_password: 'UserPass123' },
    });
    expect(takenEmail.statusCode).toBe(409);
    expect(takenEmail.json()).toEqual({ detail: '该邮箱已被使用', code: 'CONFLICT' });
    const takenName = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: other,
      payload: { username: 'admin' },
    });
    expect(takenName.json().detail).toBe('该用户名已被使用');
    expect((await get('/api/auth/me', other)).json().email).toBe('other@example.com');
  });

  it('changes the password, keeping this session and ending the others', async () => {
    const current = await t.login();
    const other = await t.login();
    const wrong = await post(
      '/api/auth/change-password',
      { current_password: 'Wrong1234', new_password: 'NewPass123' },
      bearer(current),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe('当前密码不正确');
    const weak = await post(
      '/api/auth/change-password',
      { current_password: ADMIN.password, new_password: 'alllowercase1' },
      bearer(current),
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json().detail).toContain('密码必须包含大小写字母和数字');
    const ok = await post(
      '/api/auth/change-password',
      { current_password: ADMIN.password, new_password: 'NewPass123' },
      bearer(current),
    );
    expect(ok.statusCode).toBe(204);
    expect((await get('/api/auth/me', bearer(current))).statusCode).toBe(200);
    expect((await get('/api/auth/me', bearer(other))).statusCode).toBe(401);
    expect((await post('/api/auth/login', ADMIN)).statusCode).toBe(401);
    expect(
      (await post('/api/auth/login', { email: ADMIN.email, password: 'NewPass123' })).statusCode,
    ).toBe(200);
  });
});
