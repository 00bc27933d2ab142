// Benchmark: the times behind behaviour that the tests assert without a clock (order, counts, a
// control). Each scenario is the test's own, timed here and printed against the figure the test
// used to hold it to:
// - six images beside a 500 ms page lane (server/src/upstream/client.test.ts): < 2.5 s;
// - a 200 ms page spacing with 1,000 ms of jitter, capped at the spacing (same file): < 900 ms;
// - a wrong password for an unknown email against a known one (server/test/auth-abuse.test.ts),
//   median of 15 each: unknown > 0.4 × known;
// - a grid of 24 thumbnails while a download fetches originals 1 s apart
//   (server/test/pace-per-host.test.ts): < 2 s;
// - SIGTERM to the server mid-job until it has exited (server/test/data-safety.test.ts): < 10 s.
// Run: npx tsx bench/timings.ts
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { KEY_IDS, episodeById, showById, startReplica } from '@capshelf/replica';
import { createUpstreamClient } from '../server/src/upstream';
import { testUpstreamConfig } from '../server/src/upstream/test-config';
import { startServer } from '../server/src/upstream/test-server';
import { ADMIN, startTestApp } from '../server/test/helpers';
import { FAST_PACING, startBrowseApp } from '../server/test/support/browse';
import { startServerProcess } from '../server/test/support/server-process';

const results: { name: string; figure: string; met: boolean }[] = [];
const note = (name: string, figure: string, met: boolean) => {
  results.push({ name, figure, met });
  console.log(`${name}: ${figure} (${met ? 'met' : 'NOT met'})`);
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function upstreamLanes(): Promise<void> {
  const pages = await startServer();
  const images = await startServer();
  const template = `${images.origin}/anime/{id}.jpg`;
  const byKind = { anime: template, tv: template, movie: template };
  images.handle = (_, res) =>
    setTimeout(() => res.writeHead(200, { 'content-type': 'image/jpeg' }).end('jpeg'), 150);
  const lanes = createUpstreamClient(
    testUpstreamConfig({
      baseUrl: pages.origin,
      imageUrls: { thumb: byKind, small: byKind, large: byKind },
      thumbs: { concurrency: 2, spacingMs: 60 },
      pages: { concurrency: 1, spacingMs: 500 },
      jitterMs: 0,
    }),
  );
  const started = performance.now();
  await Promise.all([
    lanes.fetchPage(`${pages.origin}/p`),
    ...[1, 2, 3, 4, 5, 6].map((n) => lanes.fetchImage(`${images.origin}/anime/${n}.jpg`)),
  ]);
  const took = performance.now() - started;
  note('six images beside a 500 ms page lane', `${took.toFixed(0)} ms`, took < 2500);
  await lanes.close();

  pages.hits.length = 0;
  const jittered = createUpstreamClient(
    testUpstreamConfig({
      baseUrl: pages.origin,
      pages: { concurrency: 1, spacingMs: 200 },
      jitterMs: 1000,
    }),
    { random: () => 1 },
  );
  await Promise.all([1, 2].map((n) => jittered.fetchPage(`${pages.origin}/j${n}`)));
  const gap = pages.hits[1]!.at - pages.hits[0]!.at;
  note('200 ms spacing + jitter (capped at 200 ms)', `${gap.toFixed(0)} ms gap`, gap < 900);
  await jittered.close();
  await Promise.all([pages.close(), images.close()]);
}

async function unknownEmailLogins(): Promise<void> {
  const t = await startTestApp();
  let address = 0;
  const timed = async (email: string) => {
    const start = performance.now();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Nope12345' },
      remoteAddress: `10.77.0.${++address}`,
    });
    return performance.now() - start;
  };
  await timed('warmup@example.com');
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < 15; i++) {
    known.push(await timed(ADMIN.email));
    unknown.push(await timed(`ghost${i}@example.com`));
  }
  const ratio = median(unknown) / median(known);
  note(
    'wrong login, unknown against known email (medians)',
    `${median(unknown).toFixed(0)} / ${median(known).toFixed(0)} ms = ${ratio.toFixed(2)}`,
    ratio > 0.4,
  );
  await t.close();
}

async function gridBesideDownload(): Promise<void> {
  const t = await startBrowseApp({
    UPSTREAM_PAGE_SPACING: '300ms',
    UPSTREAM_THUMB_CONCURRENCY: '6',
    UPSTREAM_THUMB_SPACING: '0ms',
    UPSTREAM_FULL_CONCURRENCY: '2',
    UPSTREAM_FULL_SPACING: '1000ms',
  });
  const ids = episodeById(KEY_IDS.bigEpisode)!.imageIds;
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: t.headers });
  await t.app.inject({
    method: 'POST',
    url: '/api/download',
    headers: t.headers,
    payload: {
      image_urls: ids.slice(0, 8).map((id) => `/api/images/${id}.jpg?kind=anime&size=large`),
    },
  });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const started = performance.now();
  await Promise.all(
    ids.slice(100, 124).map((id) => get(`/api/images/${id}.jpg?kind=anime&size=thumb`)),
  );
  const took = performance.now() - started;
  note('24 thumbnails beside a download 1 s per original', `${took.toFixed(0)} ms`, took < 2000);
  await t.close();
}

async function sigtermMidJob(): Promise<void> {
  const replica = await startReplica();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-bench-timings-'));
  try {
    const server = await startServerProcess(dataDir, { ...replica.env(), ...FAST_PACING });
    const token = await server.login();
    replica.setFault('ancdn', { type: 'slow', delayMs: 300 });
    const show = showById(KEY_IDS.bigEpisode - 2)!;
    const created = await server.api('POST', '/api/download/work', {
      token,
      body: {
        work_url: `${replica.env().UPSTREAM_BASE_URL}/anime/showimages.php?${show.id}`,
        size: 'small',
        episode_ids: [show.episodes[0]!.id],
      },
    });
    const id = created.json<{ download_id: string }>().download_id;
    for (;;) {
      const status = await server.api('GET', `/api/download/${id}/status`, { token });
      if (status.json<{ done_count: number }>().done_count > 2) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const before = performance.now();
    await server.stop();
    const took = performance.now() - before;
    note('SIGTERM mid-job until the server exited', `${took.toFixed(0)} ms`, took < 10_000);
  } finally {
    await replica.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await upstreamLanes();
await unknownEmailLogins();
await gridBesideDownload();
await sigtermMidJob();
process.exitCode = results.every((r) => r.met) ? 0 : 1;
