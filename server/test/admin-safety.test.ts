// Issue 22, admin safety: the last-admin rule under concurrency, reset links voided by admin and
// command-line resets, and current-password checks and logins limited per IPv6 /64.
import { describe, expect, it } from 'vitest';
import { ADMIN, bearer, databaseKind } from './helpers';
import { post, t, useFreshApp } from './support/auth-app';

useFreshApp();

const patch = (url: string, payload: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'PATCH', url, payload: payload as object, headers });

/** Asks for a reset link for `email` and answers the link's token. */
async function resetLinkToken(email: string): Promise<string> {
  await post('/api/auth/reset-password', { email });
  await t.services.background.idle();
  const text = t.mailer.sent.at(-1)!.text;
  return new URL(/https?:\/\/\S+/.exec(text)![0]).searchParams.get('token')!;
}

const confirm = (token: string) =>
  post('/api/auth/reset-password/confirm', { token, new_password: 'Intruder123' });

describe(`last active admin (${databaseKind})`, () => {
  it('two admins demoting each other at once leave exactly one admin, 10 tries of 10', async () => {
    const { users, sessions } = t.services.auth;
    for (let attempt = 0; attempt < 10; attempt++) {
      const a = await t.userHeaders(`a${attempt}@example.com`, 'admin');
      const b = await t.userHeaders(`b${attempt}@example.com`, 'admin');
      const [aId, bId] = await Promise.all(
        [a, b].map(
          async (h) => (await t.app.inject({ url: '/api/auth/me', headers: h })).json().id,
        ),
      );
      // The two are the only active admins: every earlier one steps down out of band.
      for (const row of await users.list())
        if (row.role === 'admin' && row.id !== aId && row.id !== bId) {
          await users.update(row.id, { role: 'user' });
          sessions.forgetUser(row.id);
        }
      const answers = await Promise.all([
        patch(`/api/admin/users/${bId}`, { role: 'user' }, a),
        patch(`/api/admin/users/${aId}`, { role: 'user' }, b),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      const admins = (await users.list()).filter((u) => u.role === 'admin' && !u.disabled);
      expect(admins, `attempt ${attempt + 1}`).toHaveLength(1);
    }
  });
});

describe(`password resets by an admin or the command line (${databaseKind})`, () => {
  it("an admin's reset voids the links the user asked for before it", async () => {
    const user = await t.userHeaders('victim@example.com');
    const id = (await t.app.inject({ url: '/api/auth/me', headers: user })).json().id;
    const token = await resetLinkToken('victim@example.com');
    const admin = bearer(await t.login());
    const reset = await post(
      `/api/admin/users/${id}/password`,
      { current_password: ADMIN.password },
      admin,
    );
    expect(reset.statusCode).toBe(200);
    const late = await confirm(token);
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('RESET_TOKEN_INVALID');
    // The password the admin set is the one that works.
    const generated = reset.json().generated_password as string;
    expect(
      (await post('/api/auth/login', { email: 'victim@example.com', password: generated }))
        .statusCode,
    ).toBe(200);
  });

  it('`npm run users -- set-password` voids them too', async () => {
    const token = await resetLinkToken(ADMIN.email);
    const row = await t.services.userAdmin.findByEmail(ADMIN.email);
    // The command line calls the same service without an acting admin.
    await t.services.userAdmin.resetPassword(row.id, 'ChosenByCli123');
    expect((await confirm(token)).statusCode).toBe(400);
    expect(
      (await post('/api/auth/login', { email: ADMIN.email, password: 'ChosenByCli123' }))
        .statusCode,
    ).toBe(200);
  });
});

describe(`current-password checks are limited like logins (${databaseKind})`, () => {
  it('change-password: 5 wrong guesses, then 429 even for the right password', async () => {
    const user = await t.userHeaders('guessed@example.com');
    const change = (current_password: string, more: object = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { current_password, new_password: 'Changed1234' },
        headers: user,
        ...more,
      });
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await change(`Wrong${i}xyz1`)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
    // Per user: another address does not start afresh.
    const elsewhere = await change('UserPass123', { remoteAddress: '198.51.100.7' });
    expect(elsewhere.statusCode).toBe(429);
    expect(Number(elsewhere.headers['retry-after'])).toBeGreaterThan(0);
    // An email change's password check counts against the same budget.
    const email = await patch(
      '/api/auth/me',
      { email: 'moved@example.com', current_password: 'UserPass123' },
      user,
    );
    expect(email.statusCode).toBe(429);
  });

  it('a right password clears the count: a user who mistypes a few times is not held back', async () => {
    const user = await t.userHeaders('typo@example.com');
    const change = (current_password: string, new_password: string) =>
      post('/api/auth/change-password', { current_password, new_password }, user);
    for (let i = 0; i < 4; i++)
      expect((await change('Wrong1234x', 'Next12345')).statusCode).toBe(400);
    expect((await change('UserPass123', 'Next12345')).statusCode).toBe(204);
    for (let i = 0; i < 4; i++)
      expect((await change('Wrong1234x', 'Next67890')).statusCode).toBe(400);
    expect((await change('Next12345', 'Next67890')).statusCode).toBe(204);
  });
});

describe(`login limits per address (${databaseKind})`, () => {
  const login = (remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN.email, password: 'Wrong1234' },
      remoteAddress,
    });

  it('counts every address of one IPv6 /64 as one address', async () => {
    const statuses = [];
    for (let i = 1; i <= 30; i++)
      statuses.push((await login(`2001:db8::${i.toString(16)}`)).statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    // Another /64 has its own count.
    expect((await login('2001:db8:0:1::1')).statusCode).toBe(401);
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await login(i % 2 ? '::ffff:203.0.113.9' : '203.0.113.9')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});
