// Benchmark: whole-work download jobs (POST /api/download/work) of the real (bundled) server.
// 1. Warm: a 12-episode work of 5,040 cached images (listings and files in the cache, no upstream
//    request): job time against `zip -0 -r` of the same files (target ≥ 1.0), and the server's
//    peak RSS (target < 200 MB).
// 2. Hashing: the perceptual hash (plus dimensions and sha256) of images not hashed before, in this
//    process on one core: images/s for the replica's small (960×540) and large (1920×1080) JPEGs.
// 3. Cold: a fresh cache against the replica at production pacing (the default spacing, jitter
//    and concurrency): the job's time and the upstream requests it made (target: exactly one per
//    page and per image, none repeated).
// The warm job and `zip -0` take turns, --rounds times, and the best of each is compared (the disk
// of a shared VM is noisy), as in bench/zip.ts; servers listen on free ports. The process exits 1
// when a target is missed.
// Run: npx tsx bench/work-job.ts [--kb 60] [--rounds 3] [--cold-episodes 2] [--hash-images 200]
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { KEY_IDS, renderImage, showById, startReplica } from '@capshelf/replica';
import { ListingCache } from '../server/src/catalog';
import { loadConfig } from '../server/src/config';
import { factsOf } from '../server/src/images';
import { createServices } from '../server/src/services';
import { FetchLeases } from '../server/src/upstream';
import { freePort } from '../scripts/lib/ports.mjs';
import { BENCH_ADMIN, startBuiltServer, type BuiltServer } from './built-server';

const { values } = parseArgs({
  options: {
    kb: { type: 'string', default: '60' },
    rounds: { type: 'string', default: '3' },
    'cold-episodes': { type: 'string', default: '2' },
    'hash-images': { type: 'string', default: '200' },
  },
});
const bytesEach = Number(values.kb) * 1024;
const rounds = Number(values.rounds);
const coldEpisodes = Number(values['cold-episodes']);
const hashImages = Number(values['hash-images']);
const root = path.resolve(import.meta.dirname, '..');
const WORK_ID = 900_000;
const EPISODES = 12;
const PER_EPISODE = 420;

execFileSync('zip', ['-v'], { stdio: 'ignore' });
// The server's bundle as the sources are now (the page is not part of this bench).
execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
/** Every target checked, for the exit status. */
const missed: string[] = [];
const check = (target: string, ok: boolean) => {
  if (!ok) missed.push(target);
  return ok ? 'met' : 'NOT met';
};

const replica = await startReplica();
const dirs: string[] = [];
const freshDir = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `capshelf-bench-${name}-`));
  dirs.push(dir);
  return dir;
};

async function api(
  server: BuiltServer,
  method: string,
  url: string,
  token: string,
  body?: unknown,
) {
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json() as Promise<Record<string, unknown>>;
}

/** Starts a whole-work job and waits for its end; returns seconds and the final status. */
async function runJob(server: BuiltServer, token: string, body: object) {
  const started = performance.now();
  const created = await api(server, 'POST', '/api/download/work', token, body);
  if (!created.download_id) throw new Error(JSON.stringify(created));
  for (;;) {
    const status = await api(
      server,
      'GET',
      `/api/download/${String(created.download_id)}/status`,
      token,
    );
    if (!['pending', 'running', 'paused'].includes(String(status.status)))
      return { seconds: (performance.now() - started) / 1000, status };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const memory = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) /
  1024;

try {
  // --- 1. Warm: listings and image files seeded where the server keeps them.
  const warmDir = freshDir('work-warm');
  const env = {
    ...replica.env(),
    DATA_DIR: warmDir,
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: BENCH_ADMIN.password,
  };
  const seeding = await createServices(loadConfig(env));
  const listings = new ListingCache(seeding.db.kysely, new FetchLeases(seeding.db.kysely));
  const year = { ttlMs: 365 * 24 * 3600_000 };
  const work = { type: 'work' as const, kind: 'anime' as const, id: WORK_ID };
  const episodes = Array.from({ length: EPISODES }, (_, n) => ({
    id: WORK_ID + 1 + n,
    label: `Episode ${n + 1}`,
    number: n + 1,
    url: seeding.builders.episodePageUrl({ type: 'episode', kind: 'anime', id: WORK_ID + 1 + n }),
    previewIds: [],
  }));
  await listings.get(
    `show:anime:${WORK_ID}`,
    () => Promise.resolve({ title: 'Marathon Relay', work, episodes }),
    year,
  );
  const files: string[] = [];
  let nextId = 1;
  for (const episode of episodes) {
    const imageIds = Array.from({ length: PER_EPISODE }, () => nextId++);
    await listings.get(
      `episode:anime:${episode.id}`,
      () =>
        Promise.resolve({
          kind: 'anime',
          imageIds,
          workTitle: 'Marathon Relay',
          episodeTitle: episode.label,
          work: { kind: 'anime', id: WORK_ID },
          episode: { kind: 'anime', id: episode.id },
          exact: true,
        }),
      year,
    );
    const rows = imageIds.map((id) => {
      const file = path.join(warmDir, seeding.images.keyOf('anime', id, 'small'));
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, randomBytes(bytesEach));
      files.push(file);
      return {
        kind: 'anime' as const,
        id,
        size: 'small' as const,
        bytes: bytesEach,
        cached_at: new Date().toISOString(),
      };
    });
    await seeding.db.kysely.insertInto('cached_images').values(rows).execute();
  }
  await seeding.close();
  writeFileSync(path.join(warmDir, 'files.txt'), files.join('\n'));

  replica.resetCounts();
  const warm = await startBuiltServer({
    dataDir: warmDir,
    port: await freePort(),
    env: replica.env(),
  });
  try {
    const token = await warm.login();
    const before = memory(warm.child.pid!, 'VmRSS');
    const jobTimes: number[] = [];
    const zipTimes: number[] = [];
    for (let round = 0; round < rounds; round++) {
      execFileSync('sync');
      const result = await runJob(warm, token, {
        work_url: seeding.builders.showPageUrl(work),
        size: 'small',
      });
      if (result.status.status !== 'completed' || result.status.done_count !== files.length)
        throw new Error(`the warm job ended ${JSON.stringify(result.status)}`);
      jobTimes.push(result.seconds);
      execFileSync('sync');
      const zipStarted = performance.now();
      const reference = `${warmDir}/reference-${round}.zip`;
      execFileSync('sh', ['-c', `zip -0 -q -@ "${reference}" < "${warmDir}/files.txt"`]);
      zipTimes.push((performance.now() - zipStarted) / 1000);
      rmSync(reference);
    }
    const peak = memory(warm.child.pid!, 'VmHWM');
    const mb = (files.length * bytesEach) / 1024 / 1024;
    const best = (xs: number[]) => Math.min(...xs);
    const all = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(', ');
    const ratio = best(zipTimes) / best(jobTimes);
    console.log(
      `warm: ${EPISODES} episodes, ${files.length} cached images × ${values.kb} KB = ${mb.toFixed(0)} MB, ${rounds} rounds taking turns`,
    );
    console.log(
      `  job best ${best(jobTimes).toFixed(2)} s (all ${all(jobTimes)}), zip -0 best ${best(zipTimes).toFixed(2)} s (all ${all(zipTimes)}), ratio ${ratio.toFixed(2)}  target ≥ 1.00 (${check('warm ratio', ratio >= 1)})`,
    );
    console.log(
      `  server RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB  target < 200 MB (${check('warm RSS', peak < 200)})`,
    );
    const upstream = replica.counts().total;
    console.log(
      `  upstream requests: ${upstream}  target 0 (${check('warm upstream', upstream === 0)})`,
    );
  } finally {
    warm.stop();
  }

  // --- 2. Hashing rate of images not hashed before (one core, this process).
  const hashDir = freshDir('work-hash');
  for (const size of ['small', 'large'] as const) {
    const paths: string[] = [];
    for (let i = 0; i < hashImages; i++) {
      const file = path.join(hashDir, `${size}-${i}.jpg`);
      writeFileSync(file, await renderImage('anime', 7_000_000 + i, size));
      paths.push(file);
    }
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (const file of paths) await factsOf(readFileSync(file));
    const seconds = (performance.now() - started) / 1000;
    const cpuSeconds = (process.cpuUsage(cpu).user + process.cpuUsage(cpu).system) / 1e6;
    console.log(
      `hashing ${size}: ${hashImages} images in ${seconds.toFixed(2)} s, ${(hashImages / seconds).toFixed(0)} images/s (${(hashImages / cpuSeconds).toFixed(0)} per CPU second)`,
    );
  }

  // --- 3. Cold cache against the replica at production pacing.
  const show = showById(KEY_IDS.tvSeason1)!;
  const chosen = show.episodes.slice(0, coldEpisodes);
  const coldDir = freshDir('work-cold');
  const cold = await startBuiltServer({
    dataDir: coldDir,
    port: await freePort(),
    env: replica.env(),
  });
  try {
    const token = await cold.login();
    replica.resetCounts();
    const result = await runJob(cold, token, {
      work_url: `${replica.pageOrigin}/tv/showimages.php?${show.id}`,
      episode_ids: chosen.map((e) => e.id),
      size: 'small',
    });
    const counts = replica.counts();
    const images = chosen.reduce((n, e) => n + e.imageIds.length, 0);
    const repeated = Object.values(counts.targets)
      .flatMap((t) => Object.values(t))
      .filter((n) => n > 1);
    console.log(
      `cold (production pacing): ${chosen.length} of ${show.episodes.length} episodes, ${images} images, ${result.seconds.toFixed(1)} s, ${String(result.status.status)}`,
    );
    console.log(
      `  upstream requests: ${counts.total} (pages ${counts.hosts.pages}, images ${counts.total - counts.hosts.pages}); repeated: ${repeated.length}  target: one per page and per image (${check('cold requests', repeated.length === 0 && result.status.status === 'completed')})`,
    );
  } finally {
    cold.stop();
  }
} finally {
  await replica.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
if (missed.length > 0) console.log(`missed: ${missed.join(', ')}`);
process.exitCode = missed.length > 0 ? 1 : 0;
