// The paced client with the site's clearance: every kind of challenge goes to the solver, the
// challenged request is retried with the new cookie and User-Agent, and those travel to the
// site's own hosts only.
import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectDb, migrateToLatest, type Db } from '../../db';
import { createUpstreamClient } from '../client';
import type { UpstreamClient } from '../client-api';
import { UpstreamRateLimitedError } from '../errors';
import { FetchLeases } from '../fetch-leases';
import { testUpstreamConfig } from '../test-config';
import { PAGE, startServer, type TestServer } from '../test-server';
import { ClearanceGate } from './gate';
import { SolveFailure, type ChallengeSolver } from './solver';
import { CredentialsStore } from './store';

const SOLVED = { cookie: 'cf_clearance=solved-token', userAgent: 'SolvedBrowser/1.0' };

let dir: string;
let db: Db;
let pages: TestServer;
let images: TestServer;
let client: UpstreamClient | undefined;

beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-gate-'));
  db = connectDb({ sqlitePath: path.join(dir, 'test.db') });
  await migrateToLatest(db);
  pages = await startServer();
  images = await startServer();
});

afterEach(async () => {
  await client?.close();
  await Promise.all([pages.close(), images.close()]);
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The page host challenges every request without the solved cookie and User-Agent. */
function challengeUnlessCleared(answer: (res: ServerResponse) => void) {
  pages.handle = (req: IncomingMessage, res: ServerResponse) => {
    const cleared =
      req.headers.cookie === SOLVED.cookie && req.headers['user-agent'] === SOLVED.userAgent;
    if (cleared) res.end(PAGE);
    else answer(res);
  };
}

function makeClient(solver: ChallengeSolver | null, now = Date.now) {
  const gate = new ClearanceGate({
    store: new CredentialsStore(db.kysely),
    leases: new FetchLeases(db.kysely),
    solver,
    environment: null,
    now,
  });
  const template = `${images.origin}/{id}.jpg`;
  const byKind = { anime: template, tv: template, movie: template };
  client = createUpstreamClient(
    testUpstreamConfig({
      baseUrl: pages.origin,
      imageUrls: { thumb: byKind, small: byKind, large: byKind },
      // Undici sends the configured User-Agent, so the test tells it from the clearance's.
      transport: 'node',
      userAgent: 'Configured/1.0',
      timeoutMs: 1000,
      retries: 0,
      pages: { concurrency: 1, spacingMs: 0 },
      thumbs: { concurrency: 1, spacingMs: 0 },
      full: { concurrency: 1, spacingMs: 0 },
      jitterMs: 0,
      cooldownMs: 60_000,
    }),
    { clearance: gate, now },
  );
  return client;
}

function countingSolver(result: () => Promise<typeof SOLVED>) {
  const state = { calls: [] as string[] };
  const solver: ChallengeSolver = {
    solve(url) {
      state.calls.push(url);
      return result();
    },
  };
  return Object.assign(state, { solver });
}

const html = (body: string) => `<!DOCTYPE html><html><head></head><body>${body}</body></html>`;

const CHALLENGES: [string, (res: ServerResponse) => void][] = [
  [
    '403 with cf-mitigated',
    (res) => res.writeHead(403, { 'cf-mitigated': 'challenge' }).end(html('')),
  ],
  [
    '503 with cf-mitigated',
    (res) => res.writeHead(503, { 'cf-mitigated': 'challenge' }).end(html('')),
  ],
  ['403 "Just a moment"', (res) => res.writeHead(403).end(html('<title>Just a moment...</title>'))],
  ['503 __cf_chl_', (res) => res.writeHead(503).end(html('<form action="/?__cf_chl_f_tk=x">'))],
  [
    '403 challenge platform',
    (res) => res.writeHead(403).end(html('<script src="/cdn-cgi/challenge-platform/x"></script>')),
  ],
  [
    '200 cf-browser-verification',
    (res) =>
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(html('<div id="cf-browser-verification"></div>')),
  ],
];

describe('paced client with the site clearance', () => {
  it.each(CHALLENGES)(
    'solves a challenge answered as %s and retries with the clearance',
    async (_, answer) => {
      challengeUnlessCleared(answer);
      const solving = countingSolver(async () => SOLVED);
      const c = makeClient(solving.solver);
      const url = `${pages.origin}/search.php?q=a`;
      await expect(c.fetchPage(url)).resolves.toBe(PAGE);
      expect(solving.calls).toEqual([url]);
      expect(pages.hits).toHaveLength(2);
    },
  );

  it('solves once for many requests, and sends the clearance to the site host only', async () => {
    challengeUnlessCleared((res) => res.writeHead(403, { 'cf-mitigated': 'challenge' }).end());
    const solving = countingSolver(async () => SOLVED);
    const c = makeClient(solving.solver);
    await Promise.all([1, 2, 3, 4].map((n) => c.fetchPage(`${pages.origin}/p${n}`)));
    images.handle = (_, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end('jpeg');
    await c.fetchImage(`${images.origin}/5.jpg`);
    expect(solving.calls).toHaveLength(1);
    const challenged = pages.hits.filter((hit) => hit.headers.cookie !== SOLVED.cookie);
    expect(challenged.length).toBeLessThanOrEqual(2);
    expect(images.hits[0]!.headers.cookie).toBeUndefined();
    expect(images.hits[0]!.headers['user-agent']).toBe('Configured/1.0');
  });

  it('sends again with the clearance another process saved while a challenge was on its way, cooling nothing', async () => {
    let answerChallenge = () => {};
    const answered = new Promise<void>((resolve) => {
      challengeUnlessCleared((res) => {
        answerChallenge = () => res.writeHead(403, { 'cf-mitigated': 'challenge' }).end();
        resolve();
      });
    });
    const c = makeClient(null);
    // A check that must not start a solve (as 立即验证's first request).
    const page = c.fetchPage(`${pages.origin}/a`, { solve: false });
    await answered;
    // Another process on the database passes the challenge before the answer reaches this one.
    await new CredentialsStore(db.kysely).solved(SOLVED, Date.now());
    answerChallenge();
    await expect(page).resolves.toBe(PAGE);
    expect(pages.hits.map((hit) => hit.headers.cookie)).toEqual([undefined, SOLVED.cookie]);
    expect(c.hostStatus(pages.host).status).not.toBe('rate_limited');
  });

  it('sends a check (solve: false) even while the host cools down, and nothing else', async () => {
    pages.handle = (_, res) => res.writeHead(429, { 'retry-after': '120' }).end();
    const c = makeClient(null);
    await expect(c.fetchPage(`${pages.origin}/a`)).rejects.toBeInstanceOf(UpstreamRateLimitedError);
    pages.handle = (_, res) => res.end(PAGE);
    await expect(c.fetchPage(`${pages.origin}/b`)).rejects.toBeInstanceOf(UpstreamRateLimitedError);
    expect(pages.hits).toHaveLength(1);
    await expect(c.fetchPage(`${pages.origin}/c`, { solve: false })).resolves.toBe(PAGE);
    expect(pages.hits).toHaveLength(2);
  });

  it('cools the host down, says why and sends nothing more when the solve fails', async () => {
    challengeUnlessCleared((res) => res.writeHead(403, { 'cf-mitigated': 'challenge' }).end());
    const solving = countingSolver(() => Promise.reject(new SolveFailure('timeout')));
    const c = makeClient(solving.solver);
    const error = await c.fetchPage(`${pages.origin}/a`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamRateLimitedError);
    expect((error as UpstreamRateLimitedError).challenge).toBe('timeout');
    const again = await c.fetchPage(`${pages.origin}/b`).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(UpstreamRateLimitedError);
    expect(pages.hits).toHaveLength(1);
    expect(c.hostStatus(pages.host).status).toBe('rate_limited');
  });

  it('backs off a failing solve 30 s, 1 min, 2 min … up to 10 min, and starts over once the site answers', async () => {
    challengeUnlessCleared((res) => res.writeHead(403, { 'cf-mitigated': 'challenge' }).end());
    let clock = 1_000_000_000;
    let succeed = false;
    const solving = countingSolver(async () => {
      if (succeed) return SOLVED;
      throw new SolveFailure('timeout');
    });
    const c = makeClient(solving.solver, () => clock);
    const waits: number[] = [];
    const failOnce = async (n: number) => {
      const error = (await c
        .fetchPage(`${pages.origin}/p${n}`)
        .catch((e: unknown) => e)) as UpstreamRateLimitedError;
      expect(error.challenge).toBe('timeout');
      // Until the wait is over the site is not asked again, and the refusal says so.
      const sent = pages.hits.length;
      await expect(c.fetchPage(`${pages.origin}/during${n}`)).rejects.toThrow(
        UpstreamRateLimitedError,
      );
      expect(pages.hits).toHaveLength(sent);
      waits.push(error.retryAfterSeconds);
      clock += error.retryAfterSeconds * 1000;
    };
    for (let n = 0; n < 7; n += 1) await failOnce(n);
    expect(waits).toEqual([30, 60, 120, 240, 480, 600, 600]);
    expect(solving.calls).toHaveLength(7);

    succeed = true;
    await expect(c.fetchPage(`${pages.origin}/ok`)).resolves.toBe(PAGE);
    // The clearance stops working: the first failure after a success waits 30 s again.
    succeed = false;
    pages.handle = (_, res) => res.writeHead(403, { 'cf-mitigated': 'challenge' }).end();
    clock += 60_000;
    await failOnce(7);
    expect(waits.at(-1)).toBe(30);
  });

  it('never solves with the solver off, and reports it', async () => {
    challengeUnlessCleared((res) => res.writeHead(403, { 'cf-mitigated': 'challenge' }).end());
    const c = makeClient(null);
    const error = await c.fetchPage(`${pages.origin}/a`).catch((e: unknown) => e);
    expect((error as UpstreamRateLimitedError).challenge).toBe('off');
  });
});
