import { KEY_IDS } from '@capshelf/replica';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';

let t: BrowseApp;
let bob: { authorization: string };
beforeAll(async () => {
  t = await startBrowseApp();
  bob = await t.userHeaders('tokens-bob@example.com');
});
afterAll(async () => {
  await t.close();
});

type Headers = { authorization: string };
const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: object,
) => t.app.inject({ method, url, headers, payload });
const create = async (payload: object, headers: Headers = t.headers) => {
  const res = await call('POST', '/api/auth/tokens', headers, {
    current_password: 'UserPass123',
    ...payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; token: string; expires_at: string | null }>();
};
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const listed = async (headers: Headers = t.headers) =>
  (await call('GET', '/api/auth/tokens', headers)).json<{
    tokens: { id: number; name: string; scopes: string[]; last_used_at: string | null }[];
  }>().tokens;
const workUrl = () => `${t.replica.pageOrigin}/anime/showimages.php?${KEY_IDS.longShow}`;

describe(`personal access tokens (${databaseKind})`, () => {
  it('shows a token once; a read token lists favourites but cannot start a download or change them', async () => {
    const made = await create({ name: 'nightly', scopes: ['read'], expires_in_days: 30 });
    expect(made.token).toMatch(/^csp_/);
    expect(Date.parse(made.expires_at!) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const [entry] = await listed();
    expect(entry).toMatchObject({
      id: made.id,
      name: 'nightly',
      scopes: ['read'],
      last_used_at: null,
    });
    expect(JSON.stringify(await listed())).not.toContain(made.token);

    const script = bearer(made.token);
    expect((await call('GET', '/api/favorites', script)).statusCode).toBe(200);
    const work = await call('POST', '/api/download/work', script, {
      work_url: workUrl(),
      size: 'thumb',
    });
    expect(work.statusCode).toBe(403);
    const fav = await call('POST', '/api/favorites/work', script, {
      title: 'x',
      original_url: workUrl(),
    });
    expect(fav.statusCode).toBe(403);
    expect((await listed())[0]!.last_used_at).not.toBeNull();
  });

  it('a download token starts a whole-work job; a favorites token changes favourites', async () => {
    const both = bearer(
      (await create({ name: 'dataset', scopes: ['download', 'favorites'] })).token,
    );
    const job = await call('POST', '/api/download/work', both, {
      work_url: workUrl(),
      episode_ids: [10435],
      size: 'thumb',
    });
    expect(job.statusCode, job.body).toBe(202);
    const fav = await call('POST', '/api/favorites/work', both, {
      title: 'x',
      original_url: workUrl(),
    });
    expect(fav.statusCode, fav.body).toBe(201);
    // Listing favourites is a read: this token has no read scope.
    expect((await call('GET', '/api/favorites', both)).statusCode).toBe(403);
  });

  it('never opens account routes: a token cannot make, list or revoke tokens, or read the profile', async () => {
    const all = bearer(
      (await create({ name: 'all', scopes: ['read', 'download', 'favorites'] })).token,
    );
    for (const [method, url] of [
      ['GET', '/api/auth/me'],
      ['GET', '/api/auth/tokens'],
      ['POST', '/api/auth/tokens'],
      ['POST', '/api/auth/logout'],
    ] as const) {
      const res = await call(method, url, all, { name: 'more', scopes: ['read'] });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('revoked or expired, a token is no one (401)', async () => {
    const made = await create({ name: 'short', scopes: ['read'], expires_in_days: 1 });
    expect((await call('GET', '/api/favorites', bearer(made.token))).statusCode).toBe(200);
    await t.services.db.kysely
      .updateTable('access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', made.id)
      .execute();
    expect((await call('GET', '/api/favorites', bearer(made.token))).statusCode).toBe(401);

    const other = await create({ name: 'revoked', scopes: ['read'] });
    expect((await call('DELETE', `/api/auth/tokens/${other.id}`, t.headers)).statusCode).toBe(204);
    expect((await call('GET', '/api/favorites', bearer(other.token))).statusCode).toBe(401);
    expect((await listed()).map((e) => e.id)).not.toContain(other.id);
  });

  it("one user neither sees nor revokes another's tokens", async () => {
    const mine = await create({ name: 'mine', scopes: ['read'] });
    expect(await listed(bob)).toEqual([]);
    expect((await call('DELETE', `/api/auth/tokens/${mine.id}`, bob)).statusCode).toBe(404);
    expect((await call('GET', '/api/favorites', bearer(mine.token))).statusCode).toBe(200);
  });

  it('refuses bad requests with 400', async () => {
    for (const payload of [
      { name: '', scopes: ['read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['admin'] },
      { name: 'x', scopes: ['read'], expires_in_days: 0 },
      { name: 'x'.repeat(101), scopes: ['read'] },
    ]) {
      const res = await call('POST', '/api/auth/tokens', t.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('asks for the password to make a token: a session alone makes none', async () => {
    const carol = await t.userHeaders('tokens-carol@example.com');
    for (const current_password of [undefined, 'WrongPass123']) {
      const res = await call('POST', '/api/auth/tokens', carol, {
        name: 'stolen',
        scopes: ['read'],
        ...(current_password ? { current_password } : {}),
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await listed(carol)).toEqual([]);
  });

  it('ends every token with a password change, an admin reset, a reset link and a disable; enabling revives none', async () => {
    const email = 'tokens-dora@example.com';
    let dora = await t.userHeaders(email);
    let password = 'UserPass123';
    const doraId = Number((await call('GET', '/api/auth/me', dora)).json().id);
    const admin = bearer(await t.login());
    const madeBy = async () => {
      const res = await call('POST', '/api/auth/tokens', dora, {
        current_password: password,
        name: 'script',
        scopes: ['read'],
      });
      expect(res.statusCode, res.body).toBe(201);
      return bearer(res.json<{ token: string }>().token);
    };
    const works = async (token: Headers) =>
      (await call('GET', '/api/favorites', token)).statusCode === 200;

    // Her own password change (her session stays).
    let token = await madeBy();
    const changed = await call('POST', '/api/auth/change-password', dora, {
      current_password: password,
      new_password: 'DoraPass2345',
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    password = 'DoraPass2345';
    expect(await works(token)).toBe(false);

    // An admin's reset ("the account was compromised").
    token = await madeBy();
    const reset = await call('POST', `/api/admin/users/${doraId}/password`, admin, {
      current_password: ADMIN.password,
      password: 'DoraPass3456',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    password = 'DoraPass3456';
    expect(await works(token)).toBe(false);

    // A reset link from the mail.
    dora = bearer(await t.login(email, password));
    token = await madeBy();
    await call('POST', '/api/auth/reset-password', dora, { email });
    await t.services.background.idle();
    const link = /https?:\/\/\S+/.exec(t.mailer.sent.at(-1)!.text)![0];
    const confirmed = await call('POST', '/api/auth/reset-password/confirm', dora, {
      token: new URL(link).searchParams.get('token'),
      new_password: 'DoraPass4567',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    password = 'DoraPass4567';
    expect(await works(token)).toBe(false);

    // Disabled, then enabled again: the token stays dead.
    dora = bearer(await t.login(email, password));
    token = await madeBy();
    const status = (value: string) =>
      call('PATCH', `/api/admin/users/${doraId}`, admin, { status: value });
    expect((await status('disabled')).statusCode).toBe(200);
    expect((await status('active')).statusCode).toBe(200);
    expect(await works(token)).toBe(false);
    dora = bearer(await t.login(email, password));
    expect(await listed(dora)).toEqual([]);
  });

  it("lets an admin see and revoke a user's tokens, recorded in the audit log", async () => {
    const erin = await t.userHeaders('tokens-erin@example.com');
    const erinId = Number((await call('GET', '/api/auth/me', erin)).json().id);
    const made = await create({ name: 'erin-nightly', scopes: ['read', 'download'] }, erin);
    const admin = bearer(await t.login());
    const seen = await call('GET', `/api/admin/users/${erinId}/tokens`, admin);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().tokens).toMatchObject([{ id: made.id, name: 'erin-nightly' }]);
    expect(seen.body).not.toContain(made.token);
    // A user cannot use the admin's view, and another user's token id is unknown here.
    expect((await call('GET', `/api/admin/users/${erinId}/tokens`, erin)).statusCode).toBe(403);
    const bobs = await create({ name: 'bobs', scopes: ['read'] }, bob);
    const wrong = await call('DELETE', `/api/admin/users/${erinId}/tokens/${bobs.id}`, admin);
    expect(wrong.statusCode).toBe(404);

    const revoked = await call('DELETE', `/api/admin/users/${erinId}/tokens/${made.id}`, admin);
    expect(revoked.statusCode).toBe(204);
    expect((await call('GET', '/api/favorites', bearer(made.token))).statusCode).toBe(401);
    expect((await call('GET', '/api/favorites', bearer(bobs.token))).statusCode).toBe(200);
    const audit = (await call('GET', '/api/admin/audit', admin)).json<{
      entries: { action: string; target: string; detail: Record<string, unknown> }[];
    }>().entries;
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: 'token.revoke',
        target: 'tokens-erin@example.com',
        detail: { name: 'erin-nightly' },
      }),
    );
    expect(audit).toContainEqual(
      expect.objectContaining({ action: 'token.create', target: 'tokens-erin@example.com' }),
    );
  });

  it("keeps an admin's token out of every user's library, and audits an admin's own e-mail change", async () => {
    const admin = bearer(await t.login());
    const made = await create(
      { name: 'admin-read', scopes: ['read'], current_password: ADMIN.password },
      admin,
    );
    const all = '/api/images/local-library?scope=all';
    expect((await call('GET', all, admin)).statusCode).toBe(200);
    const scripted = await call('GET', all, bearer(made.token));
    expect(scripted.statusCode).toBe(403);
    expect(scripted.json().code).toBe('FORBIDDEN');
    // The token still reads the admin's own library.
    expect((await call('GET', '/api/images/local-library', bearer(made.token))).statusCode).toBe(
      200,
    );

    const moved = await call('PATCH', '/api/auth/me', admin, {
      email: 'admin-moved@example.com',
      current_password: ADMIN.password,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const back = await call('PATCH', '/api/auth/me', admin, {
      email: ADMIN.email,
      current_password: ADMIN.password,
    });
    expect(back.statusCode, back.body).toBe(200);
    const audit = (await call('GET', '/api/admin/audit', admin)).json<{
      entries: { action: string; target: string; detail: Record<string, unknown> }[];
    }>().entries;
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: 'user.email',
        target: 'admin-moved@example.com',
        detail: { from: ADMIN.email },
      }),
    );
    // A user's own change is theirs: not an admin action.
    const bobMoved = await call('PATCH', '/api/auth/me', bob, {
      email: 'tokens-bob-moved@example.com',
      current_password: 'UserPass123',
    });
    expect(bobMoved.statusCode, bobMoved.body).toBe(200);
    const after = (await call('GET', '/api/admin/audit', admin)).json<{
      entries: { action: string; target: string }[];
    }>().entries;
    expect(after.filter((e) => e.action === 'user.email')).toHaveLength(2);
  });
});
