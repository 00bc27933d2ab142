import { RESET_REQUESTED_MESSAGE } from '@capshelf/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN, bearer, databaseKind } from './helpers';
import { get, post, t, useFreshApp } from './support/auth-app';

useFreshApp();

describe(`password reset (${databaseKind})`, () => {
  const requestReset = async (email: string, host = 'capshelf.test:8000') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email },
      headers: { host },
    });
    await t.services.background.idle();
    return res;
  };
  const tokenFromMail = () => {
    const text = t.mailer.sent.at(-1)!.text;
    return new URL(/https?:\/\/\S+/.exec(text)![0]).searchParams.get('token')!;
  };

  it('answers the same for known and unknown addresses and mails only the known one', async () => {
    const known = await requestReset(ADMIN.email);
    const unknown = await requestReset('nobody@example.com');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
    expect(unknown.json()).toEqual(known.json());
    expect(t.mailer.sent).toHaveLength(1);
    expect(t.mailer.sent[0]!.to).toBe(ADMIN.email);
  });

  it('writes the mail in the language the user chose, Chinese by default', async () => {
    await requestReset(ADMIN.email);
    expect(t.mailer.sent.at(-1)!.subject).toBe('重置您的 capshelf 密码');
    const session = await t.login();
    await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: bearer(session),
      payload: { locale: 'en' },
    });
    await requestReset(ADMIN.email);
    const mail = t.mailer.sent.at(-1)!;
    expect(mail.subject).toBe('Reset your capshelf password');
    expect(`${mail.subject}${mail.text}`).not.toMatch(/[\u4e00-\u9fff]/);
    expect(mail.text).toContain('http://capshelf.test:8000/reset-password?token=');
  });

  it('builds the link from PUBLIC_URL, never from the Host header', async () => {
    await requestReset(ADMIN.email, 'evil.example.org');
    const text = t.mailer.sent[0]!.text;
    expect(text).toContain('http://capshelf.test:8000/reset-password?token=');
    expect(text).not.toContain('evil.example.org');
  });

  it('sets a new password once, revoking every session', async () => {
    const session = await t.login();
    await requestReset(ADMIN.email);
    const token = tokenFromMail();
    const confirm = await post('/api/auth/reset-password/confirm', {
      token,
      new_password: 'Reset1234',
    });
    expect(confirm.statusCode).toBe(200);
    expect((await get('/api/auth/me', bearer(session))).statusCode).toBe(401);
    expect(
      (await post('/api/auth/login', { email: ADMIN.email, password: 'Reset1234' })).statusCode,
    ).toBe(200);
    const reuse = await post('/api/auth/reset-password/confirm', {
      token,
      new_password: 'Again1234',
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().detail).toBe('重置令牌已过期或无效，请重新申请密码重置');
    expect(
      (await post('/api/auth/login', { email: ADMIN.email, password: 'Again1234' })).statusCode,
    ).toBe(401);
  });

  it('refuses an expired token and leaves the password unchanged', async () => {
    await requestReset(ADMIN.email);
    const token = tokenFromMail();
    await t.services.db.kysely
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const res = await post('/api/auth/reset-password/confirm', {
      token,
      new_password: 'Reset1234',
    });
    expect(res.statusCode).toBe(400);
    expect((await post('/api/auth/login', ADMIN)).statusCode).toBe(200);
  });

  it('refuses unknown tokens and weak passwords', async () => {
    const unknown = await post('/api/auth/reset-password/confirm', {
      token: 'abc',
      new_password: 'Reset1234',
    });
    expect(unknown.statusCode).toBe(400);
    await requestReset(ADMIN.email);
    const weak = await post('/api/auth/reset-password/confirm', {
      token: tokenFromMail(),
      new_password: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(weak.json().detail).toContain('密码长度至少为8位');
  });
});

describe(`bad input (${databaseKind})`, () => {
  it.each([
    ['malformed JSON', '{"email": ', 'application/json'],
    ['wrong types', JSON.stringify({ email: 42, password: [] }), 'application/json'],
    ['missing fields', JSON.stringify({}), 'application/json'],
    ['not JSON at all', 'email=a&password=b', 'application/x-www-form-urlencoded'],
    [
      'a huge body',
      JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2_000_000) }),
      'application/json',
    ],
  ])('answers %s with a 400 in the contract shape', async (_name, payload, type) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload,
      headers: { 'content-type': type },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(typeof body.detail).toBe('string');
    expect(body.code).toBe('VALIDATION_FAILED');
  });

  it('names the failing field', async () => {
    const res = await post('/api/auth/reset-password', { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('email: 请输入有效的邮箱地址');
  });

  it('answers unknown API paths with a 404 in the contract shape', async () => {
    const res = await get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
