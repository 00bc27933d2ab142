import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, bearer, databaseKind, startTestApp, type TestApp } from './helpers';

let t: TestApp;
let admin: { authorization: string };
beforeEach(async () => {
  t = await startTestApp();
  admin = bearer(await t.login());
});
afterEach(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, payload?: object, headers = admin) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const loginAs = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe(`admin user management (${databaseKind})`, () => {
  it('adds a user with a generated password that signs in, and lists every account', async () => {
    const res = await call('POST', '/api/admin/users', { email: 'Dana@Example.com' });
    expect(res.statusCode).toBe(201);
    const { user, generated_password } = res.json();
    expect(user).toMatchObject({ email: 'dana@example.com', role: 'user', status: 'active' });
    expect(user).not.toHaveProperty('password_hash');
    expect((await loginAs('dana@example.com', generated_password)).statusCode).toBe(200);

    const list = (await call('GET', '/api/admin/users')).json();
    expect(list.users.map((u: { email: string }) => u.email)).toEqual([
      ADMIN.email,
      'dana@example.com',
    ]);
  });

  it('takes a chosen password and role, and refuses a taken email with 409', async () => {
    const res = await call('POST', '/api/admin/users', {
      email: 'erin@example.com',
      password: 'ErinPass123',
      role: 'admin',
      display_name: 'Erin',
    });
    expect(res.json()).toMatchObject({
      user: { role: 'admin', display_name: 'Erin' },
      generated_password: null,
    });
    expect((await loginAs('erin@example.com', 'ErinPass123')).json().user.role).toBe('admin');
    const again = await call('POST', '/api/admin/users', { email: 'ERIN@example.com' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CONFLICT');
    const weak = await call('POST', '/api/admin/users', {
      email: 'f@example.com',
      password: 'weak',
    });
    expect(weak.statusCode).toBe(400);
  });

  it('disables a user (ending their sessions) and enables them again', async () => {
    const userHeaders = await t.userHeaders('gus@example.com');
    const id = (await call('GET', '/api/auth/me', undefined, userHeaders)).json().id;

    const disabled = await call('PATCH', `/api/admin/users/${id}`, { status: 'disabled' });
    expect(disabled.json()).toMatchObject({ id, status: 'disabled' });
    expect((await call('GET', '/api/auth/me', undefined, userHeaders)).statusCode).toBe(401);
    expect((await loginAs('gus@example.com', 'UserPass123')).statusCode).toBe(401);

    await call('PATCH', `/api/admin/users/${id}`, { status: 'active' });
    expect((await loginAs('gus@example.com', 'UserPass123')).statusCode).toBe(200);
  });

  it('resets a password: the old one stops working and the sessions end', async () => {
    const userHeaders = await t.userHeaders('hal@example.com');
    const id = (await call('GET', '/api/auth/me', undefined, userHeaders)).json().id;
    const reset = await call('POST', `/api/admin/users/${id}/password`, {
      current_password: ADMIN.password,
    });
    const { generated_password } = reset.json();
    // base64url: letters, digits, `-` and `_`.
    expect(generated_password).toMatch(/^[\w-]{15}$/);
    expect((await call('GET', '/api/auth/me', undefined, userHeaders)).statusCode).toBe(401);
    expect((await loginAs('hal@example.com', 'UserPass123')).statusCode).toBe(401);
    expect((await loginAs('hal@example.com', generated_password)).statusCode).toBe(200);

    const chosen = await call('POST', `/api/admin/users/${id}/password`, {
      current_password: ADMIN.password,
      password: 'HalChosen123',
    });
    expect(chosen.json().generated_password).toBeNull();
    expect((await loginAs('hal@example.com', 'HalChosen123')).statusCode).toBe(200);
  });

  it("asks for the admin's own password before resetting anyone's", async () => {
    const userHeaders = await t.userHeaders('ida@example.com');
    const id = (await call('GET', '/api/auth/me', undefined, userHeaders)).json().id;
    for (const body of [{}, { current_password: 'NotMyPassword1' }]) {
      const refused = await call('POST', `/api/admin/users/${id}/password`, body);
      expect(refused.statusCode).toBe(400);
    }
    // Nothing changed: her session and password still work.
    expect((await call('GET', '/api/auth/me', undefined, userHeaders)).statusCode).toBe(200);
    expect((await loginAs('ida@example.com', 'UserPass123')).statusCode).toBe(200);
  });

  it('changes a role, which the promoted user can use at once', async () => {
    const userHeaders = await t.userHeaders('ivy@example.com');
    const id = (await call('GET', '/api/auth/me', undefined, userHeaders)).json().id;
    expect((await call('GET', '/api/admin/users', undefined, userHeaders)).statusCode).toBe(403);
    const res = await call('PATCH', `/api/admin/users/${id}`, { role: 'admin' });
    expect(res.json()).toMatchObject({ role: 'admin' });
    expect((await call('GET', '/api/admin/users', undefined, userHeaders)).statusCode).toBe(200);
  });

  it('never leaves the server without an active admin', async () => {
    const me = (await call('GET', '/api/auth/me')).json();
    for (const change of [{ role: 'user' }, { status: 'disabled' }]) {
      const res = await call('PATCH', `/api/admin/users/${me.id}`, change);
      expect(res.statusCode).toBe(409);
      // The self-lock rule answers first (see the test below for the last-admin rule).
      expect(res.json().detail).toBe('不能停用自己的账号或取消自己的管理员身份');
    }
    // With a second admin, still not by their own hand: no admin locks themselves out from the page.
    const second = await t.userHeaders('second@example.com', 'admin');
    for (const change of [{ role: 'user' }, { status: 'disabled' }]) {
      const res = await call('PATCH', `/api/admin/users/${me.id}`, change);
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe('不能停用自己的账号或取消自己的管理员身份');
    }
    expect((await call('GET', '/api/auth/me')).json()).toMatchObject({ role: 'admin' });
    // The other admin may make them step down.
    const stepDown = await call('PATCH', `/api/admin/users/${me.id}`, { role: 'user' }, second);
    expect(stepDown.statusCode).toBe(200);
  });

  it('two admins demoting each other at once: one steps down, the other is the last admin', async () => {
    const me = (await call('GET', '/api/auth/me')).json();
    const second = await t.userHeaders('second@example.com', 'admin');
    const secondId = (await call('GET', '/api/auth/me', undefined, second)).json().id;
    const [mine, theirs] = await Promise.all([
      call('PATCH', `/api/admin/users/${secondId}`, { role: 'user' }),
      call('PATCH', `/api/admin/users/${me.id}`, { role: 'user' }, second),
    ]);
    // Each is an active admin changing someone else, so the self-lock rule stays out of it: the
    // second change to land would leave no admin, and meets the last-admin rule with its message.
    const answers = [mine, theirs].map((res) => [res.statusCode, res.json().detail]);
    expect(answers).toContainEqual([200, undefined]);
    expect(answers).toContainEqual([409, '至少需要保留一个启用的管理员账号']);
    const users = (
      await call('GET', '/api/admin/users', undefined, mine.statusCode === 200 ? admin : second)
    ).json().users as { role: string; status: string }[];
    expect(users.filter((u) => u.role === 'admin' && u.status === 'active')).toHaveLength(1);
  });

  it('answers 404 for an unknown user and 400 for an empty change', async () => {
    expect((await call('PATCH', '/api/admin/users/9999', { role: 'user' })).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/admin/users/9999/password', { current_password: ADMIN.password }))
        .statusCode,
    ).toBe(404);
    const me = (await call('GET', '/api/auth/me')).json();
    const empty = await call('PATCH', `/api/admin/users/${me.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('VALIDATION_FAILED');
  });
});
