// Benchmark: fair shares between users (issue 22, "Measured"), at demo pacing against the replica.
// User A runs two whole-work jobs and 12 parallel near-duplicate scans of uncached thumbnails;
// user B meanwhile makes 20-image ZIPs of uncached full-size images (five, a second apart; their
// median counts: a ZIP of one image took 20–30 ms alone, too small a base to judge a ratio by) and
// opens 120 uncached thumbnails (three at a time, as the page's image queue asks; a p95 wants 100
// samples or more). Each figure is measured alone (a fresh server and cache) and together.
// Targets: B's ZIP within 2× of B alone; B's thumbnail p95 within 2× of B alone; A's throughput
// (images its jobs and scans fetched per second) no more than 10 % below A alone. The process exits
// 1 when one is missed.
// Part 2 (a cache capped at 50 MB filled with 100 MB) is bench/fairness-cache.ts, run at the end.
// Run: npx tsx bench/fairness.ts [--seconds 30]
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { KEY_IDS, episodeById, startReplica, type Replica } from '@capshelf/replica';
import { loadConfig } from '../server/src/config';
import { buildHttpApp } from '../server/src/http/app';
import { createServices } from '../server/src/services';
import { fairnessCache, printCacheFill } from './fairness-cache';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '30' } } });
const windowMs = Number(values.seconds) * 1000;
const PASSWORD = 'BenchPass123';
const big = episodeById(KEY_IDS.bigEpisode)!.imageIds;
/** B's images: never asked for by A (its scans take the first 600). */
const bThumbs = big.slice(600, 720);
const ZIP_IMAGES = 20;
/** One ZIP after another, each of new images: one sample alone swung from 0.09 to 0.57 s. */
const bZips = Array.from({ length: 5 }, (_, n) =>
  big.slice(720 + n * ZIP_IMAGES, 720 + (n + 1) * ZIP_IMAGES),
);
/**
 * Between B's ZIPs: more than the full-size host's spacing and jitter (350 + 350 ms), so each ZIP
 * alone meets a quiet lane, as a lone ZIP does, rather than the pace of B's previous one.
 */
const ZIPS_APART_MS = 1000;

interface Server {
  base: string;
  replica: Replica;
  token(email: string): Promise<string>;
  close(): Promise<void>;
}

/** A fresh server (own cache and database) at demo pacing on a fresh replica. */
async function startServer(): Promise<Server> {
  const replica = await startReplica();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-bench-fair-'));
  const services = await createServices(
    loadConfig({
      ...replica.env(),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD: PASSWORD,
      // The demo's pacing: its page spacing, every other pace the default.
      UPSTREAM_PAGE_SPACING: '200ms',
      UPSTREAM_CHALLENGE_SOLVER: 'off',
      WORK_JOBS_PER_USER: '2',
      THUMBNAIL_PREFETCH: 'false',
    }),
  );
  const app = await buildHttpApp(services, { webRoot: path.join(dataDir, 'no-web') });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    base,
    replica,
    async token(email) {
      await services.auth.users.create({ email, password: PASSWORD, role: 'user' });
      const res = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      return ((await res.json()) as { access_token: string }).access_token;
    },
    async close() {
      await app.close();
      await services.close();
      await replica.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function call(server: Server, token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: () => JSON.parse(text) as Record<string, unknown> };
}

/** A's load: two whole-work jobs and 12 parallel scans; returns a way to read its throughput. */
async function startA(server: Server, token: string) {
  const works = [
    `${server.replica.pageOrigin}/tv/showimages.php?${KEY_IDS.tvSeason1}`,
    `${server.replica.pageOrigin}/anime/showimages.php?${KEY_IDS.longShow}`,
  ];
  const jobs: string[] = [];
  for (const work_url of works) {
    const res = await call(server, token, 'POST', '/api/download/work', {
      work_url,
      size: 'large',
    });
    if (res.status !== 202) throw new Error(`work job refused: ${res.status}`);
    jobs.push(String(res.json().download_id));
  }
  let scanned = 0;
  let refused = 0;
  const scans = Array.from({ length: 12 }, (_, n) =>
    call(server, token, 'POST', '/api/download/near-duplicates', {
      kind: 'anime',
      image_ids: big.slice(n * 50, n * 50 + 50),
      threshold: 6,
    }).then((res) => {
      if (res.status === 200) scanned += 50;
      else refused += 1;
    }),
  );
  const jobImages = async () => {
    let done = 0;
    for (const id of jobs) {
      const status = (await call(server, token, 'GET', `/api/download/${id}/status`)).json();
      done += Number(status.done_count) + Number(status.failed_count);
    }
    return done;
  };
  return {
    /** Images A's jobs and scans have fetched so far (scans count when they answer). */
    async images() {
      return (await jobImages()) + scanned;
    },
    refused: () => refused,
    async stop() {
      for (const id of jobs) await call(server, token, 'POST', `/api/download/${id}/cancel`);
      await Promise.allSettled(scans);
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Seconds from asking for a ZIP of the images until it can be downloaded. */
async function zipSeconds(server: Server, token: string, images: number[]): Promise<number> {
  const started = performance.now();
  const created = await call(server, token, 'POST', '/api/download', {
    image_urls: images.map((id) => `/api/images/${id}.jpg?kind=anime&size=large`),
    filename_prefix: 'b',
  });
  if (created.status !== 202) throw new Error(`ZIP refused: ${created.status}`);
  const id = String(created.json().download_id);
  for (;;) {
    const status = (await call(server, token, 'GET', `/api/download/${id}/status`)).json();
    if (['pending', 'running', 'paused'].includes(String(status.status))) {
      // Finer than the page's 2 s: a 50 ms step alone was a third of the ZIP's time alone.
      await new Promise((resolve) => setTimeout(resolve, 10));
      continue;
    }
    if (status.status !== 'completed') throw new Error(`ZIP ended ${String(status.status)}`);
    return (performance.now() - started) / 1000;
  }
}

/** B's actions: ZIPs (their median and slowest, in seconds) and 120 thumbnails (ms each). */
async function runB(server: Server, token: string) {
  const zipsDone = (async () => {
    const seconds: number[] = [];
    for (const images of bZips) {
      if (seconds.length > 0) await new Promise((resolve) => setTimeout(resolve, ZIPS_APART_MS));
      seconds.push(await zipSeconds(server, token, images));
    }
    return seconds.sort((a, b) => a - b);
  })();
  const times: number[] = [];
  const queue = [...bThumbs];
  await Promise.all(
    [0, 1, 2].map(async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        const started = performance.now();
        const res = await call(server, token, 'GET', `/api/images/${id}.jpg?kind=anime&size=thumb`);
        if (res.status !== 200) throw new Error(`thumbnail ${id}: ${res.status}`);
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  const zips = await zipsDone;
  return {
    zipSeconds: percentile(zips, 50),
    zipMax: zips.at(-1)!,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
  };
}

/** A's images per second over the window, with B's actions run inside it when `withB`. */
async function measure(withB: boolean) {
  const server = await startServer();
  try {
    const [a, b] = [await server.token('a@bench.local'), await server.token('b@bench.local')];
    const load = await startA(server, a);
    // Let A's jobs list their episodes and reach their image-fetching pace first.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const from = await load.images();
    const started = performance.now();
    const bFigures = withB ? await runB(server, b) : null;
    const left = windowMs - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    const perSecond = ((await load.images()) - from) / ((performance.now() - started) / 1000);
    const refused = load.refused();
    await load.stop();
    return { perSecond, refused, b: bFigures };
  } finally {
    await server.close();
  }
}

async function bAlone() {
  const server = await startServer();
  try {
    return await runB(server, await server.token('b@bench.local'));
  } finally {
    await server.close();
  }
}

const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
// Discarded: the first run in a process pays for loading and compiling the whole stack.
await bAlone();
const aloneB = await bAlone();
const aloneA = await measure(false);
const together = await measure(true);
const b = together.b!;
const zipRatio = b.zipSeconds / aloneB.zipSeconds;
const p95Ratio = b.p95 / aloneB.p95;
const aRatio = together.perSecond / aloneA.perSecond;
console.log(`window ${windowMs / 1000} s; demo pacing (pages 200 ms, defaults otherwise)`);
console.log(
  `B's ${ZIP_IMAGES}-image ZIP (median of ${bZips.length}): ${b.zipSeconds.toFixed(2)} s against ${aloneB.zipSeconds.toFixed(2)} s alone (×${zipRatio.toFixed(2)}, target ≤ 2): ${verdict(zipRatio <= 2)}; slowest ${b.zipMax.toFixed(2)} s (alone ${aloneB.zipMax.toFixed(2)} s)`,
);
console.log(
  `B's ${bThumbs.length} thumbnails: p50 ${b.p50.toFixed(0)} ms / p95 ${b.p95.toFixed(0)} ms against p50 ${aloneB.p50.toFixed(0)} ms / p95 ${aloneB.p95.toFixed(0)} ms alone (p95 ×${p95Ratio.toFixed(2)}, target ≤ 2): ${verdict(p95Ratio <= 2)}`,
);
console.log(
  `A's throughput: ${together.perSecond.toFixed(1)} images/s against ${aloneA.perSecond.toFixed(1)} alone (${((aRatio - 1) * 100).toFixed(1)} %, target ≥ −10 %): ${verdict(aRatio >= 0.9)}; scans refused by A's limit: ${together.refused} of 12 (alone ${aloneA.refused})`,
);

// Part 2: a cache capped at 50 MB filled with 100 MB of images (bench/fairness-cache.ts).
const cacheMet = printCacheFill(await fairnessCache({ capMb: 50, fillMb: 100 }));
process.exitCode = zipRatio <= 2 && p95Ratio <= 2 && aRatio >= 0.9 && cacheMet ? 0 : 1;
