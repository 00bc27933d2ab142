import { describe, expect, it } from 'vitest';
import { ADMIN, databaseKind } from '../helpers';
import { expectContractError, snapshotData } from './checks';
import { h, inject, sample, stranger, useMatrixApp } from './matrix-app';
import { OWNER, routeKey } from './routes';

useMatrixApp();

describe(`route matrix (${databaseKind})`, () => {
  it("answers 404 for another user's objects and leaves them in place", async () => {
    const { favoriteIds, downloadId, historyId, imageId, episodeUrl, followId } = h.samples;
    const before = await snapshotData(h.t);
    const calls: [method: 'GET' | 'DELETE' | 'PATCH' | 'POST', url: string][] = [
      ['DELETE', `/api/follows/${followId}`],
      ['PATCH', `/api/follows/${followId}`],
      ['POST', `/api/follows/${followId}/seen`],
      ['POST', `/api/follows/${followId}/check`],
      ['PATCH', `/api/notifications/channels/${h.samples.channelId}`],
      ['POST', `/api/notifications/channels/${h.samples.channelId}/test`],
      ['DELETE', `/api/notifications/channels/${h.samples.channelId}`],
      ['DELETE', `/api/favorites/work/${favoriteIds.work}`],
      ['DELETE', `/api/favorites/episode/${favoriteIds.episode}`],
      ['DELETE', `/api/favorites/image/${favoriteIds.image}`],
      ['GET', `/api/download/${downloadId}/status`],
      ['GET', `/api/download/${downloadId}/file`],
      ['POST', `/api/download/${downloadId}/pause`],
      ['POST', `/api/download/${downloadId}/resume`],
      ['DELETE', `/api/images/search-based-library/episode/${historyId}`],
      ['PATCH', `/api/shares/${h.samples.share.id}`],
      ['DELETE', `/api/shares/${h.samples.share.id}`],
    ];
    for (const [method, url] of calls) {
      // One body valid for every PATCH here (each route ignores the others' fields), so the
      // stranger's call fails on ownership, not on validation.
      const payload =
        method === 'PATCH'
          ? { mode: 'cache', events: ['new_episodes'], allow_download: false }
          : undefined;
      expectContractError(await inject({ method, url, headers: stranger, payload }), 404);
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
    for (const url of [
      '/api/favorites',
      '/api/download',
      '/api/images/search-based-library',
      '/api/images/local-library',
      '/api/images/local-library-categorized',
      '/api/search/recent',
      '/api/search/recent/suggestions?q=biyori',
      '/api/follows',
      '/api/notifications/channels',
      '/api/shares',
    ]) {
      const listed = await inject({ method: 'GET', url, headers: stranger });
      expect(listed.statusCode, url).toBe(200);
      expect(listed.body.toLowerCase(), url).not.toContain('non non biyori');
      expect(listed.body, url).not.toContain(downloadId);
      expect(listed.body, url).not.toContain(`"id":${imageId}`);
      expect(listed.body, url).not.toContain('fixture-hook');
    }
    // The owner's own answers do hold them, so the checks above can fail.
    const own = await inject({ method: 'GET', url: '/api/search/recent', headers: h.t.headers });
    expect(own.body).toContain('non non biyori');
    const mine = await inject({
      method: 'GET',
      url: '/api/images/local-library',
      headers: h.t.headers,
    });
    expect(mine.body).toContain(`"id":${imageId}`);
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

  it("refuses a user's deletion of one episode's shared listing or files, and re-reads the listing for them instead", async () => {
    const episode = encodeURIComponent(h.samples.episodeUrl);
    await inject({ method: 'GET', url: `/api/images/episode/${episode}`, headers: h.t.headers });
    const before = await snapshotData(h.t);
    for (const url of [
      `/api/images/cache?episode_id=${episode}`,
      `/api/images/cache?work_id=${encodeURIComponent(h.samples.workUrl)}`,
      `/api/images/cache/files?episode_id=${episode}`,
    ]) {
      const res = await inject({ method: 'DELETE', url, headers: h.t.headers });
      expectContractError(res, 403);
      expect(res.json().code, url).toBe('FORBIDDEN');
    }
    expect(await snapshotData(h.t)).toEqual(before);

    // What the page's 清除缓存 does for a user: a fresh listing from the source.
    const requestsBefore = h.t.upstreamRequests();
    const fresh = await inject({
      method: 'GET',
      url: `/api/images/episode/${episode}?refresh=true`,
      headers: h.t.headers,
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().cached).toBe(false);
    expect(h.t.upstreamRequests()).toBeGreaterThan(requestsBefore);
  });

  it("lets an admin clear one episode's listing", async () => {
    const episode = encodeURIComponent(h.samples.episodeUrl);
    await inject({ method: 'GET', url: `/api/images/episode/${episode}`, headers: h.t.headers });
    const res = await inject({
      method: 'DELETE',
      url: `/api/images/cache?episode_id=${episode}`,
      headers: h.adminHeaders,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().cleared_items).toBeGreaterThan(0);
  });

  it('gives the 全部用户 libraries (scope=all) to the admin only, 403 to a user', async () => {
    const admin = { authorization: `Bearer ${await h.t.login(ADMIN.email, ADMIN.password)}` };
    const urls = [
      '/api/images/local-library?scope=all',
      '/api/images/local-library/stats?scope=all',
      '/api/images/local-library-categorized?scope=all',
      '/api/images/local-library/category/uncategorized/episode/all?scope=all',
    ];
    for (const url of urls) {
      const refused = await inject({ method: 'GET', url, headers: h.t.headers });
      expectContractError(refused, 403);
      expect(refused.json().code, url).toBe('FORBIDDEN');
      const mine = await inject({
        method: 'GET',
        url: url.replace('scope=all', 'scope=mine'),
        headers: h.t.headers,
      });
      expect(mine.statusCode, url).not.toBe(403);
    }
    for (const url of urls.slice(0, 3)) {
      const res = await inject({ method: 'GET', url, headers: admin });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
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
