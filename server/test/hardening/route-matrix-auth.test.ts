import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { databaseKind } from '../helpers';
import { expectContractError, snapshotData } from './checks';
import { sendRaw } from '../support/raw-http';
import { waitForIdleDownloads } from './fixture';
import {
  h,
  inject,
  isPublic,
  protectedRoutes,
  sample,
  sessionCookie,
  useMatrixApp,
} from './matrix-app';
import {
  DOCUMENTED_ADMIN_ROUTES,
  DOCUMENTED_COOKIE_ROUTES,
  DOCUMENTED_PUBLIC_ROUTES,
  EXPECTED_ROUTE_KEYS,
  routeKey,
} from './routes';

useMatrixApp();

/** Credentials that must never open a protected route. */
const BAD_CREDENTIALS: [string, Record<string, string>][] = [
  ['no credentials', {}],
  ['a garbage bearer token', { authorization: 'Bearer garbage-token' }],
  ['an unknown access token', { authorization: 'Bearer csp_unknown-token' }],
  ['an empty bearer token', { authorization: 'Bearer ' }],
  ['a bearer token of 10 kB', { authorization: `Bearer ${'a'.repeat(10_000)}` }],
  ['another scheme', { authorization: 'Basic YWRtaW5AZXhhbXBsZS5jb206QWRtaW5QYXNzMTIz' }],
  ['a garbage cookie', { cookie: 'capshelf_session=garbage' }],
];

describe(`route matrix (${databaseKind})`, () => {
  it('has one expectation entry for every registered route, and none for a route that is gone', () => {
    expect(h.routes.length).toBeGreaterThan(30);
    expect(h.routes.map(routeKey)).toEqual(EXPECTED_ROUTE_KEYS);
    // Nothing outside /api but the personal feed is registered when there is no page build.
    const outside = h.t.app.routeAccess.filter((r) => !r.url.startsWith('/api/'));
    expect(outside.map(routeKey)).toEqual(['GET /feeds/:file', 'HEAD /feeds/:file']);
    expect(outside.every((r) => r.access === 'public')).toBe(true);
  });

  it('marks exactly the documented routes public, admin-only and cookie-readable', () => {
    const marked = (test: (r: (typeof h.routes)[number]) => boolean) =>
      h.routes.filter(test).map(routeKey).sort();
    expect(marked((r) => r.access === 'public')).toEqual([...DOCUMENTED_PUBLIC_ROUTES].sort());
    expect(marked((r) => r.access === 'admin')).toEqual([...DOCUMENTED_ADMIN_ROUTES].sort());
    expect(marked((r) => r.cookieAuth)).toEqual([...DOCUMENTED_COOKIE_ROUTES].sort());
  });

  it('answers 401 UNAUTHENTICATED on every protected route to every bad credential', async () => {
    const before = await snapshotData(h.t);
    for (const route of protectedRoutes()) {
      const request = sample(routeKey(route));
      for (const [what, headers] of BAD_CREDENTIALS) {
        const res = await inject({ ...request, headers });
        expectContractError(res, 401);
        expect(res.json(), `${routeKey(route)} with ${what}`).toMatchObject({
          code: 'UNAUTHENTICATED',
        });
      }
      if (route.method === 'GET') {
        const head = await inject({ ...request, method: 'HEAD' });
        expect(head.statusCode, `HEAD ${route.url}`).toBe(401);
      }
    }
    expect(await snapshotData(h.t)).toEqual(before);
    expect(h.t.upstreamRequests()).toBe(0);
  });

  // Every route, twice, anonymous and as a fresh user: its time grows with the route table.
  it('judges every route the same in absolute form as in origin form, anonymous and as a user', async () => {
    await h.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.t.app.server.address() as AddressInfo;
    const db = h.t.services.db.kysely;
    const { password_hash } = await db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'stranger@example.com')
      .executeTakeFirstOrThrow();
    let twins = 0;
    /** A fresh plain user (password UserPass123, owning nothing) and a bearer header for them. */
    const freshUser = async () => {
      const now = new Date().toISOString();
      const email = `twin${++twins}@example.com`;
      const { id } = await db
        .insertInto('users')
        .values({
          email,
          username: `twin${twins}`,
          display_name: null,
          role: 'user',
          password_hash,
          disabled: 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { authorization: `Bearer ${await h.t.services.auth.sessions.create(id)}` };
    };
    const send = (key: string, absolute: boolean, headers: Record<string, string>) => {
      const { method, url, payload } = sample(key) as InjectOptions & { url: string };
      const target = absolute ? `http://anything.example${url}` : url;
      return sendRaw(port, { method: String(method), target, headers, payload });
    };

    const anonymousBefore = await snapshotData(h.t);
    for (const route of protectedRoutes()) {
      const key = routeKey(route);
      const [origin, absolute] = [await send(key, false, {}), await send(key, true, {})];
      expect(origin.status, `${key} anonymous`).toBe(401);
      expect(absolute.status, `${key} anonymous, absolute form: ${absolute.body}`).toBe(401);
    }
    expect(await snapshotData(h.t)).toEqual(anonymousBefore);
    expect(h.t.upstreamRequests()).toBe(0);

    for (const route of h.routes) {
      const key = routeKey(route);
      if (isPublic(key)) {
        const [origin, absolute] = [await send(key, false, {}), await send(key, true, {})];
        expect(absolute.status, `${key} anonymous`).toBe(origin.status);
      }
      // Two users in the same state, one per form, so a call that changes state (logout, a
      // password change) meets the same starting point both times.
      const origin = await send(key, false, await freshUser());
      const absolute = await send(key, true, await freshUser());
      expect(absolute.status, `${key} as a user: ${absolute.body}`).toBe(origin.status);
      if (DOCUMENTED_ADMIN_ROUTES.includes(key)) expect(absolute.status, key).toBe(403);
    }
    // The fresh users' ZIP and whole-work tasks fetch in the background: let them end before
    // the next tests compare snapshots and request counts.
    await waitForIdleDownloads(h.t);
  }, 120_000);

  it('honours the session cookie on the image and ZIP routes only', async () => {
    const before = await snapshotData(h.t);
    for (const route of protectedRoutes()) {
      const key = routeKey(route);
      const res = await inject({ ...sample(key), headers: { cookie: sessionCookie } });
      if (route.cookieAuth) {
        expect(res.statusCode, key).toBe(200);
      } else {
        expectContractError(res, 401);
      }
    }
    expect(await snapshotData(h.t)).toEqual(before);
  });

  it('opens the public routes to anyone, a bad token included', async () => {
    for (const key of DOCUMENTED_PUBLIC_ROUTES) {
      for (const [what, headers] of BAD_CREDENTIALS) {
        const res = await inject({ ...sample(key), headers });
        expect(res.statusCode, `${key} with ${what}`).toBeLessThan(500);
        if (res.statusCode >= 400) {
          expectContractError(res);
          expect(res.json().code).not.toBe('UNAUTHENTICATED');
        }
      }
    }
    const status = await inject({
      method: 'GET',
      url: '/api/auth/status',
      headers: { authorization: 'Bearer garbage-token' },
    });
    expect(status.json()).toEqual({ authenticated: false });
  });
});
