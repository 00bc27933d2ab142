import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { KEY_IDS, episodeById } from '@capshelf/replica';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HASH_QUEUE_LIMIT, passwordWork } from '../src/auth/secrets';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';

// A flood of anonymous password work (logins) must not starve image serving: argon2 runs one at a
// time through a bounded queue, leaving the thread pool and the other core to everything else, and
// answers 429 at once past the queue's limit. How fast images stay meanwhile is measured by
// bench/login-flood.ts.
let t: BrowseApp;
let port: number;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
beforeAll(async () => {
  // The per-address limit is lifted so every one of the flood's logins really costs a verification.
  t = await startBrowseApp({ LOGIN_MAX_FAILURES_PER_ADDRESS: '1000' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  agent.destroy();
  await t.close();
});

function request(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
  via?: http.Agent,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path, headers, agent: via },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe(`password hashing under a login flood (${databaseKind})`, () => {
  it('verifies one password at a time, refuses logins past the queue at once, and keeps serving images', async () => {
    const ids = episodeById(KEY_IDS.bigEpisode)!.imageIds.slice(0, 8);
    const image = (id: number) => `/api/images/${id}.jpg?kind=anime&size=thumb`;
    for (const id of ids) {
      expect(await request('GET', image(id), t.headers, undefined, agent)).toBe(200);
    }
    expect(t.upstreamRequests()).toBe(ids.length);

    // Forty wrong logins at once, for forty different accounts.
    const FLOOD = 40;
    let loginsDone = false;
    const logins = Promise.all(
      Array.from({ length: FLOOD }, (_, i) =>
        request(
          'POST',
          '/api/auth/login',
          { 'content-type': 'application/json' },
          JSON.stringify({ email: `victim${i}@example.com`, password: 'Wrong1234' }),
        ),
      ),
    ).finally(() => (loginsDone = true));

    let mostRunning = 0;
    let mostWaiting = 0;
    const images: number[] = [];
    while (!loginsDone) {
      const work = passwordWork();
      mostRunning = Math.max(mostRunning, work.running);
      mostWaiting = Math.max(mostWaiting, work.waiting);
      images.push(
        await request('GET', image(ids[images.length % ids.length]!), t.headers, undefined, agent),
      );
    }
    const statuses = await logins;

    expect(mostRunning).toBe(1);
    expect(mostWaiting).toBeGreaterThan(0);
    expect(mostWaiting).toBeLessThanOrEqual(HASH_QUEUE_LIMIT);
    const refused = statuses.filter((s) => s === 429).length;
    expect(statuses.filter((s) => s === 401).length + refused).toBe(FLOOD);
    expect(refused).toBeGreaterThan(0);
    expect(images.length).toBeGreaterThan(0);
    expect(images.every((s) => s === 200)).toBe(true);
    expect(t.upstreamRequests()).toBe(ids.length);
  });
});
