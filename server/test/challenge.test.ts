// The site's challenge end to end through the API, with the replica's JavaScript challenge: one
// solve serves every later request, a solve is shared by two processes on one database, a wrong
// pasted cookie is reported, and an unsolvable challenge says why.
import { clearanceFromPage } from '@capshelf/replica';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { buildHttpApp } from '../src/http/app';
import { createServices, type Services } from '../src/services';
import { CredentialsStore } from '../src/upstream/challenge';
import { ADMIN, databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';
import { replicaSolver, SOLVER_UA } from './support/replica-solver';

let t: BrowseApp | undefined;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await t?.close();
  t = undefined;
});

const search = (app: FastifyInstance, headers: Record<string, string>, query: string) =>
  app.inject({ method: 'POST', url: '/api/search', headers, payload: { query } });

async function adminHeaders(app: BrowseApp) {
  return { authorization: `Bearer ${await app.login(ADMIN.email, ADMIN.password)}` };
}

describe(`site challenge (${databaseKind})`, () => {
  it('passes the challenge once and sends its clearance with every later request', async () => {
    const solving = replicaSolver();
    t = await startBrowseApp({ UPSTREAM_CHALLENGE_SOLVER: 'auto' }, { solver: solving.solver });
    t.replica.setFault('pages', { type: 'js-challenge' });

    const first = await search(t.app, t.headers, 'hanabi');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().results.length).toBeGreaterThan(0);
    const challengesAfterSolve = t.replica.counts().challenges;
    for (const query of ['ladybug', 'lighthouse', 'a', 'e']) {
      expect((await search(t.app, t.headers, query)).statusCode).toBe(200);
    }
    // The replica lets a request through only with the cookie AND the User-Agent that solved it.
    expect(solving.solves).toBe(1);
    expect(t.replica.counts().challenges).toBe(challengesAfterSolve);
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/admin/site-health',
      headers: await adminHeaders(t),
    });
    expect(health.json().clearance).toMatchObject({ source: 'solver', user_agent: SOLVER_UA });
    expect(health.json().solver).toMatchObject({ solves: 1, failures: 0 });
    expect(health.json().hosts[0]).toMatchObject({ role: 'pages', state: 'ok' });
  });

  it('has two processes on one database solve once', async () => {
    const solving = replicaSolver({ delayMs: 300 });
    t = await startBrowseApp({ UPSTREAM_CHALLENGE_SOLVER: 'auto' }, { solver: solving.solver });
    const otherSolving = replicaSolver({ delayMs: 300 });
    const otherServices: Services = await createServices(t.services.config, {
      solver: otherSolving.solver,
    });
    const other = await buildHttpApp(otherServices, { webRoot: t.dataDir });
    await other.ready();
    closers.push(
      () => otherServices.close(),
      () => other.close(),
    );
    t.replica.setFault('pages', { type: 'js-challenge' });

    const answers = await Promise.all([
      search(t.app, t.headers, 'hanabi'),
      search(other, t.headers, 'camp'),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(solving.solves + otherSolving.solves).toBe(1);
  });

  it('reports a wrong pasted cookie as not working, and a right one as working', async () => {
    t = await startBrowseApp();
    t.replica.setFault('pages', { type: 'js-challenge' });
    const admin = await adminHeaders(t);

    const blocked = await search(t.app, t.headers, 'hanabi');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'UPSTREAM_RATE_LIMITED', challenge: 'off' });
    expect(blocked.json().detail).toContain('Cloudflare');

    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/site-health/clearance',
      headers: admin,
      payload: { cookie: 'cf_clearance=0123456789abcdef.00000000', user_agent: SOLVER_UA },
    });
    expect(wrong.statusCode, wrong.body).toBe(200);
    expect(wrong.json().check).toMatchObject({ ok: false, reason: 'rejected' });
    expect(wrong.json().health.hosts[0]).toMatchObject({ role: 'pages', state: 'challenged' });
    expect(wrong.json().health.clearance.challenge_reason).toBe('rejected');

    // What a browser with this User-Agent would hold after passing the challenge.
    const page = await fetch(`${t.replica.pageOrigin}/`, { headers: { 'user-agent': SOLVER_UA } });
    const cookie = clearanceFromPage(await page.text(), SOLVER_UA)!;
    const right = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/site-health/clearance',
      headers: admin,
      payload: { cookie, user_agent: SOLVER_UA },
    });
    expect(right.json().check).toMatchObject({ ok: true, reason: null });
    const { clearance, hosts } = right.json().health;
    expect(clearance).toMatchObject({
      source: 'pasted',
      user_agent: SOLVER_UA,
      challenge_reason: null,
    });
    expect(clearance.cookie_masked).toMatch(/^cf_clearance=\w{4}…$/);
    expect(right.body).not.toContain(cookie.split('=')[1]);
    expect(hosts[0].state).toBe('ok');
    // Applied at once: the cool-down the challenge started is over and searches pass.
    expect((await search(t.app, t.headers, 'hanabi')).statusCode).toBe(200);

    const cleared = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/site-health/clearance',
      headers: admin,
    });
    expect(cleared.json().clearance).toMatchObject({ source: null, cookie_masked: null });
    expect((await search(t.app, t.headers, 'yuru')).json().challenge).toBe('off');
  });

  it('never logs the clearance, even at the trace level', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
    const solving = replicaSolver();
    t = await startBrowseApp(
      { UPSTREAM_CHALLENGE_SOLVER: 'auto', LOG_LEVEL: 'trace' },
      { solver: solving.solver, logger },
    );
    t.replica.setFault('pages', { type: 'js-challenge' });
    expect((await search(t.app, t.headers, 'hanabi')).statusCode).toBe(200);
    const solved = await t.services.siteHealth.view();
    expect(solved.clearance.source).toBe('solver');
    const solvedToken = (
      await new CredentialsStore(t.services.db.kysely).read()
    ).clearance!.cookie.split('=')[1]!;

    const page = await fetch(`${t.replica.pageOrigin}/`, { headers: { 'user-agent': SOLVER_UA } });
    const pasted = clearanceFromPage(await page.text(), SOLVER_UA)!;
    const admin = await adminHeaders(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/site-health/clearance',
      headers: admin,
      payload: { cookie: pasted, user_agent: SOLVER_UA },
    });
    expect(res.json().check.ok).toBe(true);
    await t.app.inject({ method: 'POST', url: '/api/admin/site-health/verify', headers: admin });

    expect(lines.length).toBeGreaterThan(5);
    const log = lines.join('\n');
    expect(log).toContain('passed the site challenge');
    expect(log).not.toContain(solvedToken);
    expect(log).not.toContain(pasted.split('=')[1]!);
  });

  it('says why a challenge could not be passed, and stores nothing from it', async () => {
    const solving = replicaSolver();
    t = await startBrowseApp({ UPSTREAM_CHALLENGE_SOLVER: 'auto' }, { solver: solving.solver });
    t.replica.setFault('pages', { type: 'js-challenge', captcha: true });

    const blocked = await search(t.app, t.headers, 'hanabi');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().challenge).toBe('failed');
    // One failure rests the site 30 s (the backoff's first step), not UPSTREAM_COOLDOWN for all.
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(blocked.json().detail).toContain(`${retryAfter} 秒后再次尝试`);
    expect(solving.solves).toBe(1);
    // The site-health page says when the next try is.
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/admin/site-health',
      headers: await adminHeaders(t),
    });
    const nextTry = Date.parse(health.json().solver.next_try_at);
    expect(nextTry - Date.now()).toBeLessThanOrEqual(30_000);
    expect(nextTry - Date.now()).toBeGreaterThan(0);
    // While the host cools down, other calls are refused without a request, and say why.
    const sent = t.upstreamRequests();
    const during = await search(t.app, t.headers, 'ladybug');
    expect(during.json()).toMatchObject({ code: 'UPSTREAM_RATE_LIMITED', challenge: 'failed' });
    expect(t.upstreamRequests()).toBe(sent);
    // Within the solve spacing a second challenge is not solved again, and says so.
    await t.services.upstream.endCoolDown(new URL(t.replica.pageOrigin).host);
    expect((await search(t.app, t.headers, 'yuru')).json().challenge).toBe('paced');
    expect(solving.solves).toBe(1);

    t.replica.clearFaults();
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/admin/site-health/verify',
      headers: await adminHeaders(t),
    });
    // No challenge any more: the solver's browser simply sees the page.
    expect(verified.json().check).toMatchObject({ ok: true });
    const after = await search(t.app, t.headers, 'hanabi');
    expect(after.statusCode).toBe(200);
    expect(after.json().cached).toBe(false);
  });
});
