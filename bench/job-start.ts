// Benchmark: how soon a queued download starts on another node (issue 35, point 5).
// A web node (ROLE=web) takes POST /api/download; an idle worker node (ROLE=worker) on the same
// Postgres database runs the task. Measured: from just before the POST is sent to the replica's
// arrival of the task's first image request, p50 and p95, with LISTEN/NOTIFY wake-ups and with
// polling alone (DOWNLOAD_POLL_INTERVAL=1s, what every node did before).
// Target: p95 < 100 ms with wake-ups (polling alone: about half the interval on average).
// The two nodes are two app instances in this process (each its own pool and, with wake-ups, its
// own LISTEN connection), so a wake-up goes through the database as between machines. The source's
// pacing is off (no spacing or jitter): the figure is the job's start, not the source's pace.
// Run: npx tsx bench/job-start.ts [--samples 30]   (a throwaway Postgres cluster is started;
// BENCH_DATABASE_URL=postgres://…/empty_db uses that database instead)
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { KEY_IDS, episodeById, startReplica, type Replica } from '@capshelf/replica';
import pg from 'pg';
import { startThrowawayPostgres } from '../scripts/lib/postgres.mjs';
import { loadConfig } from '../server/src/config';
import { buildHttpApp } from '../server/src/http/app';
import { createServices, type Services } from '../server/src/services';
import { LocalWakeups } from '../server/src/wakeups';

const { values } = parseArgs({ options: { samples: { type: 'string', default: '30' } } });
const SAMPLES = Number(values.samples);
const PASSWORD = 'BenchPass123';
const TARGET_P95_MS = 100;
const images = episodeById(KEY_IDS.bigEpisode)!.imageIds;
let nextImage = 0;

interface Nodes {
  base: string;
  token: string;
  web: Services;
  close(): Promise<void>;
}

/** The web node listening on a port and the worker node beside it, both on `databaseUrl`. */
async function startNodes(replica: Replica, databaseUrl: string, wakeups: boolean) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-bench-job-start-'));
  const env = (role: string) =>
    loadConfig({
      ...replica.env(),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD: PASSWORD,
      UPSTREAM_CHALLENGE_SOLVER: 'off',
      UPSTREAM_FULL_SPACING: '0ms',
      UPSTREAM_JITTER: '0ms',
      THUMBNAIL_PREFETCH: 'false',
      DOWNLOAD_POLL_INTERVAL: '1s',
      ROLE: role,
    });
  // Polling alone: each node's wake-ups stay within itself, as on SQLite.
  const own = () => (wakeups ? {} : { wakeups: new LocalWakeups() });
  const web = await createServices(env('web'), own());
  const worker = await createServices(env('worker'), own());
  const app = await buildHttpApp(web, { webRoot: path.join(dataDir, 'no-web') });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const email = `bench-${wakeups ? 'notify' : 'poll'}@example.com`;
  await web.auth.users.create({ email, password: PASSWORD, role: 'user' });
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  return {
    base,
    token,
    web,
    async close() {
      await app.close();
      await web.close();
      await worker.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  } satisfies Nodes;
}

/** One task of one uncached image: ms from the POST to the image's request at the replica. */
async function sample(nodes: Nodes, replica: Replica): Promise<number> {
  const id = images[nextImage++]!;
  const sent = performance.timeOrigin + performance.now();
  const res = await fetch(`${nodes.base}/api/download`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${nodes.token}` },
    body: JSON.stringify({
      image_urls: [`/api/images/${id}.jpg?kind=anime&size=large`],
      filename_prefix: `start-${id}`,
    }),
  });
  if (res.status !== 202) throw new Error(`POST /api/download answered ${res.status}`);
  const { download_id: task } = (await res.json()) as { download_id: string };
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await sleep(5)) {
    const first = replica.counts().requests.find((r) => r.target.includes(`/${id}.jpg`));
    if (first) {
      await finished(nodes.web, task);
      return first.at - sent;
    }
  }
  throw new Error(`no request for image ${id} within 10 s`);
}

/** The worker is idle again: the task has ended. */
async function finished(services: Services, task: string): Promise<void> {
  const row = services.db.kysely.selectFrom('downloads').select('status').where('id', '=', task);
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await sleep(10)) {
    const { status } = await row.executeTakeFirstOrThrow();
    if (status !== 'pending' && status !== 'running') return;
  }
  throw new Error(`task ${task} did not end within 10 s`);
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

async function measure(replica: Replica, databaseUrl: string, wakeups: boolean) {
  const nodes = await startNodes(replica, databaseUrl, wakeups);
  try {
    const times: number[] = [];
    await sample(nodes, replica); // warm-up: connections, code paths
    for (let i = 0; i < SAMPLES; i++) {
      // A random phase against the poll timer, as users' requests have.
      await sleep(100 + Math.random() * 1000);
      times.push(await sample(nodes, replica));
    }
    times.sort((a, b) => a - b);
    return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), max: times.at(-1)! };
  } finally {
    await nodes.close();
  }
}

/** A fresh database: the one named by BENCH_DATABASE_URL, or one on a throwaway cluster. */
async function database(): Promise<{ url: string; stop(): void }> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) return { url: given, stop: () => undefined };
  const cluster = await startThrowawayPostgres();
  if (!cluster) throw new Error('no Postgres binaries here: set BENCH_DATABASE_URL');
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('CREATE DATABASE capshelf_bench_job_start');
  await admin.end();
  const url = new URL(cluster.url);
  url.pathname = '/capshelf_bench_job_start';
  return { url: url.toString(), stop: () => cluster.stop() };
}

const db = await database();
const replica = await startReplica();
try {
  const woken = await measure(replica, db.url, true);
  const polled = await measure(replica, db.url, false);
  const line = (name: string, r: typeof woken) =>
    `${name.padEnd(24)} p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   max ${r.max.toFixed(1).padStart(6)} ms`;
  console.log(
    `POST /api/download → the worker node's first source request (${SAMPLES} tasks each)`,
  );
  console.log(line('LISTEN/NOTIFY', woken));
  console.log(line('polling alone (1 s)', polled));
  const ok = woken.p95 < TARGET_P95_MS;
  console.log(`target p95 < ${TARGET_P95_MS} ms with wake-ups: ${ok ? 'met' : 'MISSED'}`);
  process.exitCode = ok ? 0 : 1;
} finally {
  await replica.close();
  db.stop();
}
