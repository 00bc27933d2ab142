import { TokenScope } from '@capshelf/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN, databaseKind } from '../helpers';
import { expectContractError } from './checks';
import { waitForIdleDownloads } from './fixture';
import { h, inject, isPublic, protectedRoutes, sample, useMatrixApp } from './matrix-app';
import { TOKEN_ROUTES } from './route-inputs/tokens';
import { DOCUMENTED_ADMIN_ROUTES, routeKey } from './routes';

useMatrixApp();

/** A token of the user (`password`: theirs, which making one asks for). */
const tokenFor = async (
  headers: { authorization: string },
  scopes: TokenScope[],
  password = 'UserPass123',
) => {
  const res = await inject({
    method: 'POST',
    url: '/api/auth/tokens',
    headers,
    payload: { current_password: password, name: `matrix ${scopes.join(' ')}`, scopes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { authorization: `Bearer ${res.json<{ token: string }>().token}` };
};

/** The scope the table above gives a route, or null: no token reaches it. */
function expectedScope(key: string): TokenScope | null {
  const [method, url] = key.split(' ') as [string, string];
  if (url.startsWith('/api/auth/') || url.startsWith('/api/admin/')) return null;
  // Notification channels (webhook secrets, outbound requests) are a session's only.
  if (url.startsWith('/api/notifications/')) return null;
  if (DOCUMENTED_ADMIN_ROUTES.includes(key)) return null;
  for (const scope of TokenScope.options) {
    if ((TOKEN_ROUTES[scope] as readonly string[]).includes(key)) return scope;
  }
  return method === 'GET' ? 'read' : null;
}

describe(`route matrix: personal access tokens (${databaseKind})`, () => {
  // Reads first, then downloads, then the changes to favourites (they delete the fixture's).
  it.each(TokenScope.options)(
    'a %s token calls exactly the routes of its scope, never an account or admin route',
    async (scope) => {
      const headers = await tokenFor(h.t.headers, [scope]);
      for (const key of protectedRoutes().map(routeKey)) {
        const res = await inject({ ...sample(key), headers });
        if (expectedScope(key) === scope) {
          expect([401, 403], `${scope}: ${key} ${res.body}`).not.toContain(res.statusCode);
          expect(res.statusCode, `${scope}: ${key} ${res.body}`).toBeLessThan(500);
        } else {
          expectContractError(res, 403);
          expect(res.json().code, `${scope}: ${key}`).toBe('FORBIDDEN');
        }
      }
      await waitForIdleDownloads(h.t);
    },
    // Every route three times over, on a loaded machine.
    120_000,
  );

  it("an admin's token with every scope still reaches no admin or account route", async () => {
    const admin = { authorization: `Bearer ${await h.t.login(ADMIN.email, ADMIN.password)}` };
    const headers = await tokenFor(admin, [...TokenScope.options], ADMIN.password);
    const refused = protectedRoutes()
      .map(routeKey)
      .filter((key) => expectedScope(key) === null);
    expect(refused).toEqual(expect.arrayContaining(DOCUMENTED_ADMIN_ROUTES));
    expect(refused).toEqual(
      expect.arrayContaining(['GET /api/auth/me', 'GET /api/auth/tokens', 'POST /api/auth/tokens']),
    );
    for (const key of refused) {
      expectContractError(await inject({ ...sample(key), headers }), 403);
    }
  });

  it('a token is nobody on the public routes', async () => {
    const headers = await tokenFor(h.t.headers, ['read']);
    const status = await inject({ method: 'GET', url: '/api/auth/status', headers });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ authenticated: false });
    expect(isPublic('GET /api/auth/status')).toBe(true);
  });
});
