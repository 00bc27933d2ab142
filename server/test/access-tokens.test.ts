import { KEY_IDS } from '@capshelf/replica';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
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
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, payload });
const create = async (payload: object, headers: Headers = t.headers) => {
  const res = await call('POST', '/api/auth/tokens', headers, payload);
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
});
