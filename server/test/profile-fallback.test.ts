// The site refuses Chrome's fingerprint with a plain 403: the app goes on as Firefox, and the
// site-health page says which profile serves the host.
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';

let t: BrowseApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const search = (app: BrowseApp, query: string) =>
  app.app.inject({ method: 'POST', url: '/api/search', headers: app.headers, payload: { query } });

describe(`profile fallback (${databaseKind})`, () => {
  it('searches through a refusal of Chrome, and shows the profile on site health', async () => {
    t = await startBrowseApp();
    t.replica.setFault('pages', { type: 'refuse-browser', browser: 'chrome' });
    const first = await search(t, 'hanabi');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().results.length).toBeGreaterThan(0);
    expect(t.replica.counts().hosts.pages).toBe(2);
    expect((await search(t, 'ladybug')).statusCode).toBe(200);
    expect(t.replica.counts().hosts.pages).toBe(3);

    const headers = { authorization: `Bearer ${await t.login(ADMIN.email, ADMIN.password)}` };
    const health = await t.app.inject({ method: 'GET', url: '/api/admin/site-health', headers });
    const pages = health.json().hosts.find((h: { role: string }) => h.role === 'pages');
    expect(pages).toMatchObject({ state: 'ok', profile: 'firefox144' });
  });
});
