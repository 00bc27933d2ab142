import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UpstreamConfig } from '../config';
import { connectDb, migrateToLatest, type Db } from '../db';
import { createUpstreamClient } from './client';
import type { UpstreamClient } from './client-api';
import { UpstreamRateLimitedError } from './errors';
import { databaseHostStore, type SharedHostStore } from './shared-store';
import { testUpstreamConfig } from './test-config';
import { startServer, type TestServer } from './test-server';

let dir: string;
let db: Db;
let site: TestServer;
const clients: UpstreamClient[] = [];

beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-shared-hosts-'));
  db = connectDb({ sqlitePath: path.join(dir, 'test.db') });
  await migrateToLatest(db);
  site = await startServer();
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await site.close();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

const SPACING_MS = 150;

/** A client as one app process has it, on the shared database unless another store is given. */
function processClient(
  overrides: Partial<UpstreamConfig> = {},
  shared: SharedHostStore = databaseHostStore(db.kysely),
) {
  const config = testUpstreamConfig({
    baseUrl: site.origin,
    timeoutMs: 1000,
    retries: 0,
    pages: { concurrency: 1, spacingMs: SPACING_MS },
    jitterMs: 0,
    cooldownMs: 60_000,
    ...overrides,
  });
  const client = createUpstreamClient(config, { shared });
  clients.push(client);
  return client;
}

/**
 * Checks arrivals against the configured spacing. Each arrival carries its own connection's
 * latency, which a loaded machine stretches unevenly, so single gaps say little; the span from
 * the first to the last of n arrivals must cover n − 1 spacings, less one spacing of slack for
 * the latency of the ends. Unpaced (or paced per process), the span would be a fraction of that.
 */
function expectPaced(times: number[]) {
  const span = Math.max(...times) - Math.min(...times);
  expect(span, `${times.length} arrivals over ${span.toFixed(0)} ms`).toBeGreaterThanOrEqual(
    (times.length - 2) * SPACING_MS,
  );
}

describe('shared host store', () => {
  it('hands concurrent reservations distinct slots, one gap apart', async () => {
    const store = databaseHostStore(db.kysely);
    const slots = await Promise.all(
      Array.from({ length: 8 }, () => store.reserve('h', 100, 1_000_000)),
    );
    expect(slots.map((slot) => slot.startAt).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 8 }, (_, i) => 1_000_000 + i * 100),
    );
    // Once the schedule has passed, the next slot is now again.
    expect((await store.reserve('h', 100, 2_000_000)).startAt).toBe(2_000_000);
  });

  it('keeps the longer of two cool-downs', async () => {
    const store = databaseHostStore(db.kysely);
    expect(await store.coolDownUntil('h')).toBe(0);
    await store.coolDown('h', 5000);
    await store.coolDown('h', 3000);
    expect(await store.coolDownUntil('h')).toBe(5000);
    expect((await store.reserve('h', 10, 1000)).coolDownUntil).toBe(5000);
  });
});

describe('upstream clients of several processes', () => {
  it('space their requests to one host across processes', async () => {
    const [a, b] = [processClient(), processClient()];
    await Promise.all(
      [a, b].flatMap((client, c) =>
        [1, 2, 3].map((n) => client.fetchPage(`${site.origin}/${c}-${n}`)),
      ),
    );
    expect(site.hits).toHaveLength(6);
    // Paced per process only, six requests would span two spacings, not five.
    expectPaced(site.hits.map((hit) => hit.at));
  });

  it('refuse a host another process saw rate limited, without a request', async () => {
    const [a, b] = [processClient(), processClient()];
    site.handle = (_, res) => res.writeHead(429, { 'retry-after': '30' }).end();
    await expect(a.fetchPage(`${site.origin}/a`)).rejects.toBeInstanceOf(UpstreamRateLimitedError);
    const error = await b.fetchPage(`${site.origin}/b`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamRateLimitedError);
    expect((error as UpstreamRateLimitedError).retryAfterSeconds).toBeGreaterThan(25);
    expect(b.hostStatus(site.host).status).toBe('rate_limited');
    expect(site.hits).toHaveLength(1);
  });

  it('refuse a request already waiting for its slot when another process starts a cool-down', async () => {
    const slow = { pages: { concurrency: 1, spacingMs: 400 } };
    const [a, b] = [processClient(slow), processClient(slow)];
    site.handle = (_, res) => res.writeHead(429).end();
    const first = a.fetchPage(`${site.origin}/a`).catch((e: unknown) => e);
    // Asked a moment later, so its slot is the second one, 400 ms on.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = b.fetchPage(`${site.origin}/b`).catch((e: unknown) => e);
    expect(await first).toBeInstanceOf(UpstreamRateLimitedError);
    expect(await second).toBeInstanceOf(UpstreamRateLimitedError);
    expect(site.hits.map((hit) => hit.path)).toEqual(['/a']);
  });

  it('pace on their own when the shared store fails', async () => {
    const failing: SharedHostStore = {
      reserve: () => Promise.reject(new Error('database down')),
      coolDown: () => Promise.reject(new Error('database down')),
      coolDownUntil: () => Promise.reject(new Error('database down')),
      endCoolDown: () => Promise.reject(new Error('database down')),
      countRequest: () => Promise.reject(new Error('database down')),
      requestCounts: () => Promise.reject(new Error('database down')),
      dropCountsBefore: () => Promise.reject(new Error('database down')),
    };
    const client = processClient({}, failing);
    await Promise.all([1, 2, 3, 4].map((n) => client.fetchPage(`${site.origin}/${n}`)));
    expectPaced(site.hits.map((hit) => hit.at));
  });
});
