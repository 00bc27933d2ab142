import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, databaseKind } from '../helpers';
import { expectContractError, snapshotData } from './checks';
import { sendRaw } from '../support/raw-http';
import { startHardeningApp, waitForIdleDownloads, type HardeningApp } from './fixture';
import {
  DOCUMENTED_ADMIN_ROUTES,
  DOCUMENTED_COOKIE_ROUTES,
  DOCUMENTED_PUBLIC_ROUTES,
  EXPECTED_ROUTE_KEYS,
  OWNER,
  inputsOf,
  routeKey,
  sampleRequest,
} from './routes';

let h: HardeningApp;
let stranger: { authorization: string };
let sessionCookie: string;

beforeAll(async () => {
  h = await startHardeningApp();
  stranger = await h.t.userHeaders('stranger@example.com');
  const login = await h.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: OWNER });
  sessionCookie = String(login.headers['set-cookie']).split(';')[0]!;
});
afterAll(async () => {
  await h?.t.close();
});

const inject = (request: InjectOptions) => h.t.app.inject(request);
const sample = (key: string) => {
  const route = h.routes.find((r) => routeKey(r) === key);
  if (!route) throw new Error(`no route ${key}`);
  return sampleRequest(route, inputsOf(h.table, route));
};
const isPublic = (key: string) => DOCUMENTED_PUBLIC_ROUTES.includes(key);
const protectedRoutes = () => h.routes.filter((r) => !isPublic(routeKey(r)));

/** Credentials that must never open a protected route. */
const BAD_CREDENTIALS: [string, Record<string, string>][] = [
  ['no credentials', {}],
  ['a garbage bearer token', { authorization: 'Bearer garbage-token' }],
  ['an empty bearer token', { authorization: 'Bearer ' }],
  ['a bearer token of 10 kB', { authorization: `Bearer ${'a'.repeat(10_000)}` }],
  ['another scheme', { authorization: 'Basic YWRtaW5AZXhhbXBsZS5jb206QWRtaW5QYXNzMTIz' }],
  ['a garbage cookie', { cookie: 'capshelf_session=garbage' }],
];

describe(`route matrix (${databaseKind})`, () => {
  it('has one expectation entry for every registered route, and none for a route that is gone', () => {
    expect(h.routes.length).toBeGreaterThan(30);
    expect(h.routes.map(routeKey)).toEqual(EXPECTED_ROUTE_KEYS);
    // Nothing outside /api is registered when there is no page build.
    expect(h.t.app.routeAccess.filter((r) => !r.url.startsWith('/api/'))).toEqual([]);
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
  });

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

  it("answers 404 for another user's objects and leaves them in place", async () => {
    const { favoriteIds, downloadId, historyId, imageId, episodeUrl } = h.samples;
    const before = await snapshotData(h.t);
    const calls: [method: 'GET' | 'DELETE', url: string][] = [
      ['DELETE', `/api/favorites/work/${favoriteIds.work}`],
      ['DELETE', `/api/favorites/episode/${favoriteIds.episode}`],
      ['DELETE', `/api/favorites/image/${favoriteIds.image}`],
      ['GET', `/api/download/${downloadId}/status`],
      ['GET', `/api/download/${downloadId}/file`],
      ['DELETE', `/api/images/search-based-library/episode/${historyId}`],
    ];
    for (const [method, url] of calls) {
      expectContractError(await inject({ method, url, headers: stranger }), 404);
    }
    const batch = await inject({
      method: 'POST',
      url: '/api/favorites/batch/delete',
      headers: stranger,
      payload: {
        work_ids: [favoriteIds.work],
        episode_ids: [favoriteIds.episode],
        image_ids: [favoriteIds.image],
      },
    });
    expect(batch.json()).toMatchObject({ deleted: { works: 0, episodes: 0, images: 0 } });

    // The favourite status of the owner's items says nothing to the stranger.
    const statusQueries = [
      `item_type=work&item_id=${encodeURIComponent('Non Non Biyori')}`,
      `item_type=episode&item_id=${encodeURIComponent(episodeUrl)}`,
      `item_type=image&item_id=${imageId}`,
    ];
    for (const query of statusQueries) {
      const url = `/api/favorites/status?${query}`;
      const theirs = await inject({ method: 'GET', url, headers: stranger });
      expect(theirs.json(), url).toEqual({ is_favorited: false, favorite_id: null });
      const mine = await inject({ method: 'GET', url, headers: h.t.headers });
      expect(mine.json(), url).toMatchObject({ is_favorited: true });
    }
    for (const url of ['/api/favorites', '/api/download', '/api/images/search-based-library']) {
      const listed = await inject({ method: 'GET', url, headers: stranger });
      expect(listed.body, url).not.toContain('Non Non Biyori');
      expect(listed.body, url).not.toContain(downloadId);
    }
    expect(await snapshotData(h.t)).toEqual(before);
  });

  it('refuses every admin-only route and every shared-cache clearing call to a user with 403', async () => {
    const before = await snapshotData(h.t);
    const adminRoutes = h.routes.filter((r) => r.access === 'admin').map(routeKey);
    expect(adminRoutes).toEqual(
      expect.arrayContaining([
        'GET /api/admin/users',
        'PATCH /api/admin/users/:id',
        'POST /api/admin/users',
        'POST /api/admin/users/:id/password',
      ]),
    );
    const clearing = [
      '/api/images/cache/files?clear_all=true',
      '/api/images/cache?clear_all=true',
      '/api/images/cache?pattern=biyori',
      '/api/images/cache?pattern=',
      '/api/search/cache',
      '/api/search/cache?pattern=biyori',
    ].map((url) => ({ method: 'DELETE' as const, url }));
    for (const request of [...adminRoutes.map(sample), ...clearing]) {
      const res = await inject({ ...request, headers: h.t.headers });
      expectContractError(res, 403);
      expect(res.json().code, request.url).toBe('FORBIDDEN');
    }
    expect(await snapshotData(h.t)).toEqual(before);
  });

  it("lets a user clear the one episode's listing in front of them", async () => {
    const episode = encodeURIComponent(h.samples.episodeUrl);
    await inject({ method: 'GET', url: `/api/images/episode/${episode}`, headers: h.t.headers });
    const res = await inject({
      method: 'DELETE',
      url: `/api/images/cache?episode_id=${episode}`,
      headers: h.t.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().cleared_items).toBeGreaterThan(0);
  });

  it('keeps the admin-only routes (site health) from a user with 403', async () => {
    const adminRoutes = h.routes.filter((r) => r.access === 'admin').map(routeKey);
    expect(adminRoutes).toEqual(expect.arrayContaining(['GET /api/admin/site-health']));
    const before = await snapshotData(h.t);
    const requestsBefore = h.t.upstreamRequests();
    for (const key of adminRoutes) {
      const res = await inject({ ...sample(key), headers: h.t.headers });
      expectContractError(res, 403);
      expect(res.json().code, key).toBe('FORBIDDEN');
    }
    expect(await snapshotData(h.t)).toEqual(before);
    expect(h.t.upstreamRequests()).toBe(requestsBefore);
  });

  it('refuses a malformed pasted clearance from an admin with 400 and sends nothing', async () => {
    const admin = { authorization: `Bearer ${await h.t.login(ADMIN.email, ADMIN.password)}` };
    const requestsBefore = h.t.upstreamRequests();
    const bodies = [
      {},
      { cookie: 'cf_clearance=x' },
      { cookie: 'no equals sign', user_agent: 'Mozilla/5.0' },
      { cookie: 'cf_clearance=x\r\nX-Injected: 1', user_agent: 'Mozilla/5.0' },
      { cookie: 'cf_clearance=ü', user_agent: 'Mozilla/5.0' },
      { cookie: `cf_clearance=${'a'.repeat(5000)}`, user_agent: 'Mozilla/5.0' },
      { cookie: 'cf_clearance=x', user_agent: '' },
    ];
    for (const payload of bodies) {
      const res = await inject({
        method: 'PUT',
        url: '/api/admin/site-health/clearance',
        headers: admin,
        payload,
      });
      expectContractError(res, 400);
      expect(res.json().code, JSON.stringify(payload)).toBe('VALIDATION_FAILED');
    }
    const health = await inject({ method: 'GET', url: '/api/admin/site-health', headers: admin });
    expect(health.json().clearance.source).toBeNull();
    expect(h.t.upstreamRequests()).toBe(requestsBefore);
  });

  it('lets an admin call the admin-only routes', async () => {
    const list = await inject({ ...sample('GET /api/admin/users'), headers: h.adminHeaders });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(OWNER.email);
  });

  it('ignores fields a user may not set in a profile update', async () => {
    const me = (await inject({ method: 'GET', url: '/api/auth/me', headers: h.t.headers })).json();
    const res = await inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: h.t.headers,
      payload: {
        display_name: 'Renamed',
        role: 'admin',
        id: me.id + 1000,
        user_id: 1,
        password_hash: 'x',
        disabled: 1,
        created_at: '2000-01-01T00:00:00Z',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...me, display_name: 'Renamed' });
    const row = await h.t.services.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('email', '=', OWNER.email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ id: me.id, role: 'user', disabled: 0, created_at: me.created_at });
    await h.t.login(OWNER.email, OWNER.password);
    // Still not an admin: the admin-only call stays closed.
    const clear = await inject({
      method: 'DELETE',
      url: '/api/images/cache?clear_all=true',
      headers: h.t.headers,
    });
    expect(clear.statusCode).toBe(403);
  });

  it('lets an admin clear everything, and something is cleared', async () => {
    const admin = { authorization: `Bearer ${await h.t.login(ADMIN.email, ADMIN.password)}` };
    const episode = encodeURIComponent(h.samples.episodeUrl);
    // Something in every cache first: a search, a listing, an image file.
    for (const [method, url, payload] of [
      ['POST', '/api/search', { query: 'biyori' }],
      ['GET', `/api/images/episode/${episode}`, undefined],
      ['GET', h.samples.ownImageUrl, undefined],
    ] as const) {
      const res = await inject({ method, url, payload, headers: admin });
      expect(res.statusCode, url).toBe(200);
    }
    const count = async (table: 'listings' | 'cached_images') => {
      const row = await h.t.services.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    expect(await count('listings')).toBeGreaterThan(0);
    expect(await count('cached_images')).toBeGreaterThan(0);

    const search = await inject({ method: 'DELETE', url: '/api/search/cache', headers: admin });
    expect(search.statusCode).toBe(200);
    expect(search.json().cleared_items).toBeGreaterThan(0);
    const files = await inject({
      method: 'DELETE',
      url: '/api/images/cache/files?clear_all=true',
      headers: admin,
    });
    expect(files.statusCode, files.body).toBe(200);
    expect(files.json().deleted_files).toBeGreaterThan(0);
    expect(await count('cached_images')).toBe(0);
    const listings = await inject({
      method: 'DELETE',
      url: '/api/images/cache?clear_all=true',
      headers: admin,
    });
    expect(listings.statusCode).toBe(200);
    expect(listings.json().cleared_items).toBeGreaterThan(0);
    expect(await count('listings')).toBe(0);
  });
});
