// Abuse limits and account safety of issue 12: each test counts the argon2 work the server did.
import { createHash } from 'node:crypto';
import * as argon2 from '@node-rs/argon2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, bearer, databaseKind, startTestApp, type TestApp } from './helpers';

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof argon2>();
  return { ...actual, hash: vi.fn(actual.hash), verify: vi.fn(actual.verify) };
});
const verifications = () => vi.mocked(argon2.verify).mock.calls.length;
const hashes = () => vi.mocked(argon2.hash).mock.calls.length;

let t: TestApp;
const start = async (env: Record<string, string> = {}) => {
  t = await startTestApp(env);
  vi.mocked(argon2.verify).mockClear();
  vi.mocked(argon2.hash).mockClear();
  return t;
};
afterEach(async () => {
  await t?.close();
});

const login = (email: string, password: string, more: object = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, ...more });
const requestReset = (email: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { email },
    remoteAddress,
  });
const confirmReset = (token: string, new_password = 'Reset1234') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password/confirm',
    payload: { token, new_password },
  });
const tokenOf = (text: string) =>
  new URL(/https?:\/\/\S+/.exec(text)![0]).searchParams.get('token')!;

describe(`login throttling (${databaseKind})`, () => {
  it('verifies at most LOGIN_MAX_FAILURES of 40 simultaneous wrong passwords; the rest get 429', async () => {
    await start({ LOGIN_MAX_FAILURES: '5' });
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => login(ADMIN.email, 'Wrong1234')),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    expect(verifications()).toBe(5);
    for (const blocked of answers.filter((a) => a.statusCode === 429)) {
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json().code).toBe('TOO_MANY_REQUESTS');
    }
    // The right password is refused too while the window lasts, without being verified.
    expect((await login(ADMIN.email, ADMIN.password)).statusCode).toBe(429);
    expect(verifications()).toBe(5);
  });

  it('spends a password verification on an unknown email, as on a known one, so timing reveals no account', async () => {
    await start();
    // Each attempt from its own address, so the login limits never answer instead.
    const known = await login(ADMIN.email, 'Nope12345', { remoteAddress: '10.77.0.1' });
    expect(known.statusCode).toBe(401);
    expect(verifications()).toBe(1);
    const unknown = await login('nobody@example.com', 'Nope12345', { remoteAddress: '10.77.0.2' });
    expect(unknown.statusCode).toBe(401);
    // bench/timings.ts prints the two logins' median times side by side.
    expect(verifications()).toBe(2);
  });

  it('limits one address trying many emails', async () => {
    await start({ LOGIN_MAX_FAILURES_PER_ADDRESS: '8' });
    for (let i = 0; i < 8; i++) {
      expect((await login(`guess${i}@example.com`, 'Wrong1234')).statusCode).toBe(401);
    }
    const ninth = await login('guess9@example.com', 'Wrong1234');
    expect(ninth.statusCode).toBe(429);
    expect(verifications()).toBe(8);
    // Another address is not affected.
    expect(
      (await login(ADMIN.email, ADMIN.password, { remoteAddress: '10.1.1.1' })).statusCode,
    ).toBe(200);
  });

  it('lets nobody lock a user out from another address', async () => {
    await start();
    for (let i = 0; i < 30; i++) {
      await login(ADMIN.email, 'Wrong1234', { remoteAddress: '198.51.100.66' });
    }
    expect(
      (await login(ADMIN.email, 'Wrong1234', { remoteAddress: '198.51.100.66' })).statusCode,
    ).toBe(429);
    const own = await login(ADMIN.email, ADMIN.password, { remoteAddress: '192.0.2.10' });
    expect(own.statusCode).toBe(200);
  });

  it('stops a guesser spread over many addresses at the per-account budget', async () => {
    await start({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '12' });
    // One wrong password from each of 12 different /64s of one /48: each pair is far under its limit.
    for (let i = 0; i < 12; i++) {
      const res = await login(ADMIN.email, 'Wrong1234', { remoteAddress: `2001:db8:7:${i}::1` });
      expect(res.statusCode).toBe(401);
    }
    const spent = verifications();
    const thirteenth = await login(ADMIN.email, 'Wrong1234', { remoteAddress: '2001:db8:7:99::1' });
    expect(thirteenth.statusCode).toBe(429);
    expect(verifications()).toBe(spent);
    // Another account is not held back.
    await t.services.auth.users.create({
      email: 'other@example.com',
      password: 'OtherPass123',
      role: 'user',
    });
    const other = await login('other@example.com', 'OtherPass123', {
      remoteAddress: '2001:db8:7:99::1',
    });
    expect(other.statusCode).toBe(200);
  });

  it('does not count successful logins against the address', async () => {
    await start({ LOGIN_MAX_FAILURES_PER_ADDRESS: '3' });
    for (let i = 0; i < 6; i++) {
      expect((await login(ADMIN.email, ADMIN.password)).statusCode).toBe(200);
    }
  });
});

describe(`TRUST_PROXY (${databaseKind})`, () => {
  it('with one trusted hop, rotating X-Forwarded-For values still count as one address', async () => {
    await start({ TRUST_PROXY: '1', LOGIN_MAX_FAILURES_PER_ADDRESS: '20' });
    const from = (i: number) => ({
      remoteAddress: '127.0.0.1',
      // What a client sends itself, then the address the one proxy saw (appended by the proxy).
      headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7` },
    });
    for (let i = 0; i < 20; i++) {
      expect((await login(`user${i}@example.com`, 'Wrong1234', from(i))).statusCode).toBe(401);
    }
    expect((await login('user99@example.com', 'Wrong1234', from(99))).statusCode).toBe(429);
    // A different client behind the same proxy is another address.
    const other = await login(ADMIN.email, ADMIN.password, {
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '198.51.100.8' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('with no trusted proxy, X-Forwarded-For is ignored', async () => {
    await start({ LOGIN_MAX_FAILURES_PER_ADDRESS: '3' });
    for (let i = 0; i < 3; i++) {
      await login(`user${i}@example.com`, 'Wrong1234', {
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
    }
    const fourth = await login('user4@example.com', 'Wrong1234', {
      headers: { 'x-forwarded-for': '203.0.113.200' },
    });
    expect(fourth.statusCode).toBe(429);
  });
});

describe(`password reset limits and tokens (${databaseKind})`, () => {
  it('sends at most RESET_MAX_PER_EMAIL mails for 30 requests for one email, answering the same', async () => {
    await start();
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await requestReset(ADMIN.email, `10.0.${i}.1`));
    await t.services.background.idle();
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`)).size).toBe(1);
    expect(answers[0]!.statusCode).toBe(200);
    expect(t.mailer.sent).toHaveLength(3);
  });

  it('limits reset requests per address across emails', async () => {
    await start({ RESET_MAX_PER_ADDRESS: '2' });
    const emails = ['a@example.com', 'b@example.com', 'c@example.com'];
    for (const email of emails) {
      await t.services.auth.users.create({ email, password: 'UserPass123', role: 'user' });
    }
    for (const email of emails) {
      expect((await requestReset(email, '192.0.2.44')).statusCode).toBe(200);
    }
    await t.services.background.idle();
    // The limit is counted off the request path, so which two of the three win is not fixed.
    const mailed = t.mailer.sent.map((m) => m.to);
    expect(mailed).toHaveLength(2);
    expect(new Set(mailed).size).toBe(2);
    const left = emails.find((email) => !mailed.includes(email))!;
    await requestReset(left, '192.0.2.45');
    await t.services.background.idle();
    expect(t.mailer.sent.map((m) => m.to)).toContain(left);
  });

  it('checks the token before any argon2 work', async () => {
    await start();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => confirmReset(`forged-token-${i}`)),
    );
    expect(answers.every((a) => a.statusCode === 400)).toBe(true);
    expect(answers[0]!.json().code).toBe('RESET_TOKEN_INVALID');
    expect(hashes()).toBe(0);
    expect(verifications()).toBe(0);
  });

  it('voids the older link when a new one is issued', async () => {
    await start();
    await requestReset(ADMIN.email);
    await t.services.background.idle();
    const first = tokenOf(t.mailer.sent[0]!.text);
    await requestReset(ADMIN.email);
    await t.services.background.idle();
    const second = tokenOf(t.mailer.sent[1]!.text);
    expect((await confirmReset(first)).statusCode).toBe(400);
    expect((await confirmReset(second)).statusCode).toBe(200);
  });

  it('voids every link when the password is changed', async () => {
    await start();
    await requestReset(ADMIN.email);
    await t.services.background.idle();
    const token = tokenOf(t.mailer.sent[0]!.text);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(await t.login()),
      payload: { current_password: ADMIN.password, new_password: 'Changed123' },
    });
    expect(changed.statusCode).toBe(204);
    expect((await confirmReset(token)).statusCode).toBe(400);
    expect((await login(ADMIN.email, 'Changed123')).statusCode).toBe(200);
  });
});

describe(`sessions (${databaseKind})`, () => {
  const setSeen = (token: string, ago: number) =>
    t.services.db.kysely
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - ago).toISOString() })
      .where('token_hash', '=', hashOf(token))
      .execute();
  const hashOf = (token: string) =>
    // Same as the server's: sha256 hex of the token.
    createHash('sha256').update(token).digest('hex');
  const DAY = 24 * 60 * 60_000;
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

  it('end after SESSION_IDLE_TIMEOUT unused, and a use keeps them alive', async () => {
    await start();
    const idle = await t.login();
    const active = await t.login();
    await setSeen(idle, 15 * DAY);
    await setSeen(active, 13 * DAY);
    expect((await me(idle)).statusCode).toBe(401);
    expect((await me(active)).statusCode).toBe(200);
    const row = await t.services.db.kysely
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('token_hash', '=', hashOf(active))
      .executeTakeFirstOrThrow();
    expect(Date.now() - Date.parse(row.last_seen_at)).toBeLessThan(60_000);
  });

  it('sweeps expired and idle sessions and dead reset links away', async () => {
    await start();
    const live = await t.login();
    const idle = await t.login();
    const expired = await t.login();
    await setSeen(idle, 20 * DAY);
    const db = t.services.db.kysely;
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashOf(expired))
      .execute();
    await requestReset(ADMIN.email);
    await t.services.background.idle();
    await db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    await t.services.auth.sweep();
    const sessions = await db.selectFrom('sessions').select('token_hash').execute();
    expect(sessions.map((s) => s.token_hash)).toEqual([hashOf(live)]);
    expect(await db.selectFrom('password_resets').selectAll().execute()).toEqual([]);
  });
});

describe(`profile email change (${databaseKind})`, () => {
  const patch = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'PATCH', url: '/api/auth/me', headers, payload });

  it('needs the current password, checked before a taken email is revealed', async () => {
    await start();
    const user = await t.userHeaders('user@example.com');
    const emailOf = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user })).json().email;

    const none = await patch(user, { email: 'new@example.com' });
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toBe('修改邮箱需要输入当前密码');
    const wrong = await patch(user, { email: 'new@example.com', current_password: 'Wrong1234' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe('当前密码不正确');
    const takenWrong = await patch(user, { email: ADMIN.email, current_password: 'Wrong1234' });
    expect(takenWrong.statusCode).toBe(400);
    expect(await emailOf()).toBe('user@example.com');

    const takenRight = await patch(user, { email: ADMIN.email, current_password: 'UserPass123' });
    expect(takenRight.statusCode).toBe(409);
    // The same email again, or other fields only, need no password.
    expect((await patch(user, { email: 'USER@example.com', display_name: 'U' })).statusCode).toBe(
      200,
    );
    const ok = await patch(user, { email: 'new@example.com', current_password: 'UserPass123' });
    expect(ok.statusCode).toBe(200);
    expect(await emailOf()).toBe('new@example.com');
  });
});
