// The challenge solver in real Chromium (Debian's /usr/bin/chromium) against the replica's
// JavaScript challenge; counted as skipped where Chromium is not installed.
import { startReplica, type Replica } from '@capshelf/replica';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumInstalled, chromiumSolver, SolveFailure } from '../src/upstream/challenge';
import { databaseKind } from './helpers';
import { startBrowseApp } from './support/browse';

const haveChromium = chromiumInstalled();

describe.skipIf(!haveChromium)(`challenge solver in Chromium (${databaseKind})`, () => {
  let replica: Replica;
  beforeAll(async () => {
    replica = await startReplica();
  });
  afterAll(async () => {
    await replica?.close();
  });

  it('passes the JavaScript challenge and hands on a cookie that works only with its User-Agent', async () => {
    replica.setFault('pages', { type: 'js-challenge', delayMs: 300 });
    const url = `${replica.pageOrigin}/search.php?q=hanabi&animeCB=Anime`;
    const plain = await fetch(url);
    expect(plain.status).toBe(403);
    expect(plain.headers.get('cf-mitigated')).toBe('challenge');

    const clearance = await chromiumSolver({ timeoutMs: 20_000 }).solve(url);
    expect(clearance.cookie).toMatch(/cf_clearance=/);
    expect(clearance.userAgent).toMatch(/Chrome\//);
    expect(clearance.userAgent).not.toMatch(/Headless/);

    const cleared = await fetch(url, {
      headers: { cookie: clearance.cookie, 'user-agent': clearance.userAgent },
    });
    expect(cleared.status).toBe(200);
    const otherAgent = await fetch(url, {
      headers: { cookie: clearance.cookie, 'user-agent': 'curl/8.0' },
    });
    expect(otherAgent.status).toBe(403);
  });

  it('gives up on a CAPTCHA within its time and says it wants a human', async () => {
    replica.setFault('pages', { type: 'js-challenge', captcha: true });
    const failure = await chromiumSolver({ timeoutMs: 5000 })
      .solve(`${replica.pageOrigin}/search.php?q=x`)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SolveFailure);
    expect((failure as SolveFailure).reason).toBe('captcha');
  });

  it('lets the app search through the challenge with the real browser', async () => {
    const t = await startBrowseApp({ UPSTREAM_CHALLENGE_SOLVER: 'auto' });
    try {
      t.replica.setFault('pages', { type: 'js-challenge', delayMs: 200 });
      for (const query of ['hanabi', 'ladybug']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/search',
          headers: t.headers,
          payload: { query },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().results.length).toBeGreaterThan(0);
      }
      const record = await t.services.siteHealth.view();
      expect(record.solver.solves).toBe(1);
      expect(record.clearance.source).toBe('solver');
    } finally {
      await t.close();
    }
  });
});

describe('challenge solver without Chromium', () => {
  it('reports that no browser is installed', async () => {
    const failure = await chromiumSolver({
      timeoutMs: 1000,
      executablePath: '/nonexistent/chromium',
    })
      .solve('http://127.0.0.1:9/')
      .catch((error: unknown) => error);
    expect((failure as SolveFailure).reason).toBe('no_browser');
  });
});
