// The site-health card keeps the last clearance check and its outcome, not only a toast.
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';

let t: BrowseApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function adminCalls(app: BrowseApp) {
  const headers = { authorization: `Bearer ${await app.login(ADMIN.email, ADMIN.password)}` };
  return {
    view: async () =>
      (await app.app.inject({ method: 'GET', url: '/api/admin/site-health', headers })).json(),
    verify: () => app.app.inject({ method: 'POST', url: '/api/admin/site-health/verify', headers }),
  };
}

describe(`site health: the last check (${databaseKind})`, () => {
  it('is null until 立即验证, then says when and that it passed', async () => {
    t = await startBrowseApp({ UPSTREAM_CHALLENGE_SOLVER: 'off' });
    const calls = await adminCalls(t);
    expect((await calls.view()).clearance.last_check).toBeNull();
    const before = Date.now();
    expect((await calls.verify()).statusCode).toBe(200);
    const last = (await calls.view()).clearance.last_check;
    expect(last).toMatchObject({ ok: true, reason: null, message: '站点可以访问，无需验证' });
    expect(Date.parse(last.at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('keeps a check that did not pass, with its reason', async () => {
    t = await startBrowseApp({ UPSTREAM_CHALLENGE_SOLVER: 'off' });
    t.replica.setFault('pages', { type: 'js-challenge' });
    const calls = await adminCalls(t);
    const res = await calls.verify();
    expect(res.json().check.ok).toBe(false);
    const last = (await calls.view()).clearance.last_check;
    expect(last).toMatchObject({ ok: false, reason: res.json().check.reason });
    expect(last.reason).not.toBeNull();
  });
});
