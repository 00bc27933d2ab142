// Two real server processes on one Postgres database and one data directory, behind a round-robin
// balancer: sessions, ZIP tasks, upstream pacing and cool-downs must hold across both.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { KEY_IDS, episodeById, showById, startReplica, type Replica } from '@capshelf/replica';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, databaseKind } from './helpers';
import { startServerProcess, type ServerProcess } from './support/server-process';

const PAGE_SPACING_MS = 300;
/** Arrival times carry each connection's own latency; unshared, two processes' gaps would be ~0. */
const ARRIVAL_SLACK_MS = 50;

interface Balancer {
  origin: string;
  /** Which backend (index) served each request, in order. */
  served: number[];
  close(): Promise<void>;
}

/** Proxies each request to the next backend in turn, as a plain round-robin balancer would. */
async function startBalancer(backends: string[]): Promise<Balancer> {
  const served: number[] = [];
  let next = 0;
  const server: Server = createServer((req, res) => {
    const index = next++ % backends.length;
    served.push(index);
    const upstream = request(
      new URL(req.url ?? '/', backends[index]),
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function call(origin: string, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`${origin}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

const json = <T = Record<string, unknown>>(bytes: Buffer) =>
  JSON.parse(bytes.toString('utf8')) as T;

if (databaseKind !== 'postgres') {
  console.log(
    'scale-out: skipped on SQLite, which is one process by definition; it runs in the Postgres pass (TEST_POSTGRES_URL).',
  );
}

describe.runIf(databaseKind === 'postgres')('scale-out: two processes, one database', () => {
  let replica: Replica;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let dataDir: string;
  const servers: ServerProcess[] = [];
  let balancer: Balancer;
  let token: string;

  beforeAll(async () => {
    replica = await startReplica();
    database = await createPostgresDatabase();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-scale-out-'));
    const env = {
      ...replica.env(),
      DATABASE_URL: database.url,
      UPSTREAM_PAGE_SPACING: `${PAGE_SPACING_MS}ms`,
      UPSTREAM_THUMB_SPACING: '10ms',
      UPSTREAM_FULL_SPACING: '10ms',
      UPSTREAM_JITTER: '0ms',
      UPSTREAM_TIMEOUT: '5s',
      UPSTREAM_RETRIES: '0',
    };
    // One after the other: the first start migrates and creates the admin.
    for (let i = 0; i < 2; i++) servers.push(await startServerProcess(dataDir, env));
    balancer = await startBalancer(servers.map((server) => server.origin));
    const login = await call(balancer.origin, 'POST', '/api/auth/login', undefined, {
      email: 'admin@example.com',
      password: 'AdminPass123',
    });
    expect(login.status).toBe(200);
    token = json<{ access_token: string }>(login.bytes).access_token;
  });

  afterAll(async () => {
    await balancer?.close();
    await Promise.all(servers.map((server) => server.stop()));
    await replica?.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('accepts a session made through one process on both', async () => {
    for (const server of servers) {
      const me = await call(server.origin, 'GET', '/api/auth/me', token);
      expect(me.status).toBe(200);
      expect(json<{ email: string }>(me.bytes).email).toBe('admin@example.com');
    }
    // And through the balancer, which hands consecutive requests to different processes.
    const before = balancer.served.length;
    for (let i = 0; i < 2; i++) {
      expect((await call(balancer.origin, 'GET', '/api/auth/me', token)).status).toBe(200);
    }
    expect(new Set(balancer.served.slice(before))).toEqual(new Set([0, 1]));
  });

  it('runs a ZIP task started through the balancer exactly once, downloadable from both', async () => {
    const ids = episodeById(KEY_IDS.bigEpisode + 2)!.imageIds.slice(0, 12);
    replica.resetCounts();
    const created = await call(balancer.origin, 'POST', '/api/download', token, {
      image_urls: ids.map((id) => `/api/images/${id}.jpg?kind=anime&size=large`),
      filename_prefix: 'scale_out',
    });
    expect(created.status).toBe(202);
    const id = json<{ download_id: string }>(created.bytes).download_id;

    let status: { status?: string } = {};
    for (let i = 0; i < 200 && !['completed', 'failed'].includes(status.status ?? ''); i++) {
      await sleep(100);
      status = json(
        (await call(balancer.origin, 'GET', `/api/download/${id}/status`, token)).bytes,
      );
    }
    expect(status).toMatchObject({ status: 'completed', done_count: 12, failed_count: 0 });

    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const { rows } = await db.query<{ worker: string }>('SELECT worker FROM downloads');
    await db.end();
    expect(rows).toHaveLength(1);
    expect(readdirSync(path.join(dataDir, 'downloads'))).toEqual([`${id}.zip`]);
    // Each image crossed the network once: the other process never wrote the archive too.
    const fetched = replica.counts().targets.cdni;
    expect(Object.keys(fetched)).toHaveLength(12);
    expect(Object.values(fetched).every((n) => n === 1)).toBe(true);

    const digests = await Promise.all(
      servers.map(async (server) => {
        const file = await call(server.origin, 'GET', `/api/download/${id}/file`, token);
        expect(file.status).toBe(200);
        return createHash('sha256').update(file.bytes).digest('hex');
      }),
    );
    expect(digests[0]).toBe(digests[1]);
  });

  it('keeps the page spacing across both processes', async () => {
    const show = showById(KEY_IDS.longShow)!;
    // Four uncached two-page episodes, asked all at once, two through each process.
    const episodes = show.episodes.filter((e) => e.imageIds.length <= 72).slice(0, 4);
    expect(episodes).toHaveLength(4);
    replica.resetCounts();
    const answers = await Promise.all(
      episodes.map((episode, i) =>
        call(
          servers[i % 2]!.origin,
          'GET',
          `/api/images/episode/${encodeURIComponent(`${episode.id}-Slug/Episode_1`)}?kind=anime`,
          token,
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const times = replica
      .counts()
      .requests.filter((r) => r.host === 'pages')
      .map((r) => r.at)
      .sort((a, b) => a - b);
    expect(times.length).toBeGreaterThanOrEqual(8);
    const gaps = times.slice(1).map((at, i) => at - times[i]!);
    console.log(`scale-out: page request gaps ${gaps.map((gap) => gap.toFixed(0)).join(', ')} ms`);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(PAGE_SPACING_MS - ARRIVAL_SLACK_MS);
  });

  // Last: the pages host stays cooled down for both processes afterwards.
  it('makes the other process refuse a host one process saw rate limited, without a request', async () => {
    replica.resetCounts();
    replica.setFault('pages', { type: 'rate-limit', retryAfter: 60, times: 1 });
    const search = (server: ServerProcess, query: string) =>
      call(server.origin, 'POST', '/api/search', token, { query, content_type: 'all' });
    const first = await search(servers[0]!, 'kettle');
    expect(first.status).toBe(429);
    expect(replica.counts().total).toBe(1);
    const second = await search(servers[1]!, 'lantern');
    expect(second.status).toBe(429);
    expect(json(second.bytes)).toMatchObject({ code: 'UPSTREAM_RATE_LIMITED' });
    expect(json<{ retry_after: number }>(second.bytes).retry_after).toBeGreaterThan(50);
    expect(replica.counts().total).toBe(1);
  });
});
