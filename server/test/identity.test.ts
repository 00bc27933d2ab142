// One browser identity: the transport's (probed on the wire at start-up) and the solver's are the
// same, and the site-health page shows both, or where they differ.
import { afterEach, describe, expect, it } from 'vitest';
import { CHROME_IDENTITY } from '../src/upstream/transport/identity';
import { ADMIN, databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';

let t: BrowseApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function identityShown(app: BrowseApp) {
  const headers = { authorization: `Bearer ${await app.login(ADMIN.email, ADMIN.password)}` };
  const res = await app.app.inject({ method: 'GET', url: '/api/admin/site-health', headers });
  expect(res.statusCode).toBe(200);
  return res.json().identity;
}

describe(`browser identity (${databaseKind})`, () => {
  it('has impit send exactly the Chrome the solver presents, never HeadlessChrome', async () => {
    t = await startBrowseApp();
    const identity = await identityShown(t);
    const chrome = {
      user_agent: CHROME_IDENTITY.userAgent,
      sec_ch_ua: '"Not=A?Brand";v="99", "Google Chrome";v="151", "Chromium";v="151"',
      platform: '"Windows"',
    };
    expect(identity.transport).toEqual(chrome);
    expect(identity.solver).toEqual(chrome);
    expect(identity.differences).toEqual([]);
    expect(identity.solver.user_agent).not.toMatch(/Headless/);
  });

  it('shows where they differ when the transport moves (Node with its own User-Agent)', async () => {
    t = await startBrowseApp({
      UPSTREAM_TRANSPORT: 'node',
      UPSTREAM_USER_AGENT: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
    });
    const identity = await identityShown(t);
    expect(identity.transport).toEqual({
      user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
      sec_ch_ua: '',
      platform: '',
    });
    expect(identity.differences).toEqual(['user_agent', 'sec_ch_ua', 'platform']);
  });
});
