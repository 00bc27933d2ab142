// Benchmark: capshelf scaled out (issue 35's checks): server processes ("nodes"), each with its
// own DATA_DIR, sharing one Postgres database and one S3 bucket (s3rver on loopback). It prints:
// 1. cached-image throughput and p50/p99, one node against two on the same store, requests sent
//    round-robin over the nodes by the load generator; 300 KB images (above the 256 KB memory
//    cache, so every view reads the bucket) and 20 KB thumbnails (from memory once seen);
// 2. what a read from S3 adds per request against a local one: the same 300 KB load on one node
//    with STORAGE=local, and the requests to the store per image view (counted at the S3 proxy);
// 3. task start latency with LISTEN/NOTIFY and with polling alone: bench/job-start.ts, run as a
//    child on the same Postgres cluster, its figures relayed;
// 4. a node's peak RSS (VmRSS every 100 ms) while a 1 GB archive streams into the bucket.
//    Target: peak RSS < 200 MB.
// Figures are printed, never asserted. s3rver and its proxy run in a child process (this file
// again, with --s3-child), so they do not share the load generator's event loop.
// The VM's speed drifts, so the configurations compared take turns, round after round, and each
// is reported by its median round.
// Run: npx tsx bench/scale-out.ts [--images 200] [--requests 1000] [--rounds 3]
//        [--connections 16] [--archive-mb 1024] [--start-samples 30] [--only 1,2,3,4]
//        [--node-env KEY=VALUE]
//      (--requests per round; --start-samples 0 leaves out point 3; --only runs the points
//      listed, and seeds only what they read: `--only 4` is the archive alone; --node-env
//      KEY=VALUE, repeatable, is added to point 4's node's environment, to try a setting)
// A throwaway Postgres cluster is started (scripts/lib/postgres.mjs).
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { FINISHED_DOWNLOAD_STATES, type DownloadState } from '@capshelf/contract';
import { startReplica, type Replica } from '@capshelf/replica';
import { startThrowawayPostgres } from '../scripts/lib/postgres.mjs';
import { loadConfig, type ImageSize } from '../server/src/config';
import { createServices } from '../server/src/services';
import { ADMIN } from '../server/test/helpers';
import { createPostgresDatabase } from '../server/test/support/postgres-database';
import { startS3Server } from '../server/test/support/s3-server';
import { startServerProcess, type ServerProcess } from '../server/test/support/server-process';

const { values } = parseArgs({
  options: {
    images: { type: 'string', default: '200' },
    requests: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '16' },
    'archive-mb': { type: 'string', default: '1024' },
    'start-samples': { type: 'string', default: '30' },
    only: { type: 'string', default: '1,2,3,4' },
    'node-env': { type: 'string', multiple: true, default: [] },
    's3-child': { type: 'boolean', default: false },
  },
});
const REQUESTS = Number(values.requests);
const CONNECTIONS = Number(values.connections);
const ROUNDS = Number(values.rounds);
const TARGET_RSS_MB = 200;
const POINTS = new Set(values.only.split(',').map((point) => Number(point.trim())));
if (![...POINTS].every((point) => [1, 2, 3, 4].includes(point)))
  throw new Error(`--only takes points 1 to 4, comma-separated (not "${values.only}")`);
if (Number(values['start-samples']) === 0) POINTS.delete(3);
/** --node-env KEY=VALUE (repeatable): a setting tried on point 4's node only, a malloc tunable say. */
const TRIED_ENV = Object.fromEntries(
  values['node-env'].map((pair) => {
    const at = pair.indexOf('=');
    if (at < 1) throw new Error(`--node-env takes KEY=VALUE (not "${pair}")`);
    return [pair.slice(0, at), pair.slice(at + 1)];
  }),
);
/** Linux's USER_HZ: the unit of the CPU times in /proc/<pid>/stat. */
const CLOCK_TICKS = 100;

interface ImageSet {
  size: ImageSize;
  bytes: number;
  ids: number[];
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
const servingIds = range(1, Number(values.images));
const LARGE: ImageSet = { size: 'large', bytes: 300 * 1024, ids: servingIds };
const THUMBS: ImageSet = { size: 'thumb', bytes: 20 * 1024, ids: servingIds };
// Images of about 5 MB, as many as make the archive's size.
const archiveImages = Math.max(1, Math.round(Number(values['archive-mb']) / 5));
const ARCHIVE: ImageSet = {
  size: 'large',
  bytes: Math.floor((Number(values['archive-mb']) * 1024 * 1024) / archiveImages),
  ids: range(100_001, archiveImages),
};
const urlOf = (id: number, size: ImageSize) => `/api/images/${id}.jpg?kind=anime&size=${size}`;

/** What the run started, undone in reverse order at the end (after a failure too). */
const undo: (() => unknown)[] = [];

function newDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-bench-scale-out-'));
  undo.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function newNode(dataDir: string, env: Record<string, string>): Promise<ServerProcess> {
  const node = await startServerProcess(dataDir, env);
  undo.push(() => node.stop());
  return node;
}

/** This file run as the S3 server's process: answers `from` with the requests seen since then. */
async function serveS3(): Promise<void> {
  const s3 = await startS3Server();
  process.on('message', (from: number) => {
    const seen = s3.faults.requests.slice(from).map((request) => request.split(' ')[0]!);
    const methods: Record<string, number> = {};
    for (const method of seen) methods[method] = (methods[method] ?? 0) + 1;
    process.send!({ length: s3.faults.requests.length, methods });
  });
  process.once('disconnect', () => void s3.close().then(() => process.exit(0)));
  process.send!({ env: s3.env });
}

interface StoreRequests {
  length: number;
  methods: Record<string, number>;
}

async function startS3Process() {
  const child = fork(import.meta.filename, ['--s3-child'], { stdio: 'inherit' });
  const first = await new Promise<{ env: Record<string, string> }>((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', () => reject(new Error('the S3 process exited before it started')));
  });
  undo.push(async () => {
    child.disconnect();
    if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
  });
  return {
    env: first.env,
    pid: child.pid!,
    /** How many requests the store has received, and those since the `from`th by method. */
    async requests(from = Number.MAX_SAFE_INTEGER): Promise<StoreRequests> {
      child.send(from);
      return ((await once(child, 'message')) as [StoreRequests])[0];
    },
  };
}

type S3Process = Awaited<ReturnType<typeof startS3Process>>;

/** Writes each image into the store the env names and records it in `cached_images`. */
async function seed(env: Record<string, string>, sets: ImageSet[]): Promise<void> {
  // ROLE=web: this instance runs no tasks (it would claim the archive's).
  const seeding = await createServices(
    loadConfig({
      ...env,
      ROLE: 'web',
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      UPSTREAM_CHALLENGE_SOLVER: 'off',
    }),
  );
  try {
    for (const { size, bytes, ids } of sets) {
      for (const id of ids)
        await seeding.storage.put(seeding.images.keyOf('anime', id, size), randomBytes(bytes));
      const cached_at = new Date().toISOString();
      const rows = ids.map((id) => ({ kind: 'anime' as const, id, size, bytes, cached_at }));
      for (let i = 0; i < rows.length; i += 500)
        await seeding.db.kysely
          .insertInto('cached_images')
          .values(rows.slice(i, i + 500))
          .execute();
    }
  } finally {
    await seeding.close();
  }
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Requests to the store per image view, by method (S3 runs only). */
  perView?: Record<string, number>;
  /** CPU seconds each process used during the run, and the run's wall time. */
  cpu: { nodes: number; store: number | null; client: number; wall: number };
}

/** User and system CPU seconds of a process so far (fields 14 and 15 of /proc/<pid>/stat). */
function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** Starts counting the CPU time of the nodes, the S3 process and this one (the load generator). */
function cpuMeter(nodes: ServerProcess[], s3?: S3Process) {
  const of = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0);
  const pids = nodes.map((node) => node.child.pid!);
  const at = { nodes: of(pids), store: s3 ? cpuSecondsOf(s3.pid) : 0, wall: performance.now() };
  const client = process.cpuUsage();
  return (): Figures['cpu'] => {
    const own = process.cpuUsage(client);
    return {
      nodes: of(pids) - at.nodes,
      store: s3 ? cpuSecondsOf(s3.pid) - at.store : null,
      client: (own.user + own.system) / 1e6,
      wall: (performance.now() - at.wall) / 1000,
    };
  };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;

/** One GET, its body read to the end: whether it answered 200. */
function get(agent: http.Agent, url: string, token: string): Promise<boolean> {
  return new Promise((resolve) => {
    const headers = { authorization: `Bearer ${token}` };
    http
      .get(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200));
        res.on('error', () => resolve(false));
      })
      .on('error', () => resolve(false));
  });
}

interface Load {
  requests: number;
  connections: number;
}

/** `requests` GETs, `connections` at a time: request i goes to node i mod n, image i mod m. */
async function drive(bases: string[], paths: string[], token: string, load: Load) {
  const { requests } = load;
  const connections = Math.min(load.connections, requests);
  const agents = bases.map(() => new http.Agent({ keepAlive: true, maxSockets: connections }));
  const times: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    range(0, connections).map(async () => {
      while (next < requests) {
        const i = next++;
        const sent = performance.now();
        const url = `${bases[i % bases.length]}${paths[i % paths.length]}`;
        if (await get(agents[i % bases.length]!, url, token)) times.push(performance.now() - sent);
        else errors++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  for (const agent of agents) agent.destroy();
  times.sort((a, b) => a - b);
  return { rps: requests / seconds, p50: quantile(times, 0.5), p99: quantile(times, 0.99), errors };
}

const pathsOf = (set: ImageSet) => set.ids.map((id) => urlOf(id, set.size));

/**
 * Every image through every node, as the measured runs will send them: code paths, connections,
 * and each node's memory holding the thumbnails it will serve.
 */
async function warmUp(nodes: ServerProcess[], set: ImageSet, token: string): Promise<void> {
  const load = { requests: set.ids.length * nodes.length, connections: CONNECTIONS };
  await drive(
    nodes.map((node) => node.origin),
    pathsOf(set),
    token,
    load,
  );
}

/** One measured run, with the store's requests and the processes' CPU time during it. */
async function measure(
  nodes: ServerProcess[],
  set: ImageSet,
  token: string,
  options: { s3?: S3Process; load?: Load } = {},
): Promise<Figures> {
  const { s3, load = { requests: REQUESTS, connections: CONNECTIONS } } = options;
  const bases = nodes.map((node) => node.origin);
  const mark = s3 && (await s3.requests()).length;
  const cpu = cpuMeter(nodes, s3);
  const figures: Figures = { ...(await drive(bases, pathsOf(set), token, load)), cpu: cpu() };
  if (s3) {
    const { methods } = await s3.requests(mark);
    figures.perView = Object.fromEntries(
      Object.entries(methods).map(([method, n]) => [method, n / load.requests]),
    );
  }
  return figures;
}

/**
 * The runs take turns, round after round (a shared VM's speed drifts from second to second);
 * each run's median round by req/s.
 */
async function takeTurns(runs: (() => Promise<Figures>)[]): Promise<Figures[]> {
  const rounds = runs.map(() => [] as Figures[]);
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, run] of runs.entries()) rounds[i]!.push(await run());
  return rounds.map((of) => of.toSorted((a, b) => a.rps - b.rps)[Math.floor(of.length / 2)]!);
}

function row(label: string, f: Figures): string {
  const store = f.perView
    ? Object.entries(f.perView)
        .map(([method, n]) => `${method} ${n.toFixed(2)}`)
        .join(', ') || 'none'
    : '—';
  const { nodes, store: s3, client, wall } = f.cpu;
  const cpu = `nodes ${nodes.toFixed(1)}${s3 === null ? '' : `, s3rver + proxy ${s3.toFixed(1)}`}, load generator ${client.toFixed(1)} in ${wall.toFixed(1)} s`;
  return (
    `   ${label.padEnd(40)} ${f.rps.toFixed(0).padStart(6)} req/s   p50 ${f.p50.toFixed(2).padStart(6)} ms   p99 ${f.p99.toFixed(2).padStart(7)} ms   errors ${f.errors}\n` +
    `   ${''.padEnd(40)} store requests/view: ${store}; CPU seconds: ${cpu}`
  );
}

const cores = os.availableParallelism();
const turns = () => `${ROUNDS} rounds taking turns, the median round (by req/s) of each`;

async function oneNodeAgainstTwo(nodes: ServerProcess[], token: string, s3: S3Process) {
  console.log(
    `\n1. Cached images, STORAGE=s3 (one Postgres, one s3rver): ${servingIds.length} images, ${REQUESTS} requests over ${CONNECTIONS} connections, round-robin over the nodes; ${turns()}`,
  );
  const sets: [string, ImageSet][] = [
    ['300 KB, read from the bucket', LARGE],
    ['20 KB thumbnails, from memory', THUMBS],
  ];
  const counts = [1, 2];
  for (const [name, set] of sets) {
    for (const count of counts) await warmUp(nodes.slice(0, count), set, token);
    const results = await takeTurns(
      counts.map((count) => () => measure(nodes.slice(0, count), set, token, { s3 })),
    );
    for (const [i, count] of counts.entries())
      console.log(row(`${name}, ${count} node${count > 1 ? 's' : ''}`, results[i]!));
  }
  console.log(
    `   This machine has ${cores} core${cores > 1 ? 's' : ''}, shared by the nodes, s3rver, Postgres and the load generator:` +
      (cores <= 2
        ? ' a second node adds no CPU here, so the 2-node rows show what splitting the load costs, not what another machine would add.'
        : ' a second node can add CPU only as far as the others leave it free.'),
  );
}

/** Node CPU milliseconds per request. */
const cpuPerRequest = (f: Figures, requests: number) => (f.cpu.nodes * 1000) / requests;

/** Point 2: the same load on one node reading a local folder and one reading the bucket. */
async function localAgainstS3(
  s3Node: ServerProcess,
  s3Token: string,
  local: ServerProcess,
  localToken: string,
  s3: S3Process,
) {
  console.log(
    `\n2. One node, ${LARGE.ids.length} images of 300 KB: STORAGE=local against STORAGE=s3; ${turns()}`,
  );
  await warmUp([local], LARGE, localToken);
  await warmUp([s3Node], LARGE, s3Token);
  // Under load the difference includes queueing; one connection at a time shows the read alone.
  const loads: Load[] = [
    { requests: REQUESTS, connections: CONNECTIONS },
    { requests: Math.ceil(REQUESTS / 4), connections: 1 },
  ];
  for (const load of loads) {
    const label = `${load.connections} connection${load.connections > 1 ? 's' : ''}`;
    const [onDisk, inBucket] = (await takeTurns([
      () => measure([local], LARGE, localToken, { load }),
      () => measure([s3Node], LARGE, s3Token, { s3, load }),
    ])) as [Figures, Figures];
    console.log(row(`local, ${label}, ${load.requests} requests`, onDisk));
    console.log(row(`s3, ${label}, ${load.requests} requests`, inBucket));
    console.log(
      `   added by S3, ${label}: median ${(inBucket.p50 - onDisk.p50).toFixed(2)} ms per request (p99 ${(inBucket.p99 - onDisk.p99).toFixed(2)} ms); ` +
        `node CPU ${cpuPerRequest(onDisk, load.requests).toFixed(2)} → ${cpuPerRequest(inBucket, load.requests).toFixed(2)} ms per request`,
    );
  }
}

const memoryOf = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) /
  1024;

/** The highest VmRSS of the process, read every 100 ms until the returned function is called. */
function sampleRss(pid: number): () => number {
  let peak = memoryOf(pid, 'VmRSS');
  const timer = setInterval(() => {
    // A process that died meanwhile is noticed by the task's status, not here.
    try {
      peak = Math.max(peak, memoryOf(pid, 'VmRSS'));
    } catch {
      clearInterval(timer);
    }
  }, 100);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

interface TaskStatus {
  status: DownloadState;
  bytes_written: number;
  error: string | null;
}

async function finished(node: ServerProcess, token: string, id: string): Promise<TaskStatus> {
  for (const deadline = Date.now() + 30 * 60_000; Date.now() < deadline; await sleep(200)) {
    const status = (
      await node.api('GET', `/api/download/${id}/status`, { token })
    ).json<TaskStatus>();
    if (FINISHED_DOWNLOAD_STATES.includes(status.status)) return status;
  }
  throw new Error(`task ${id} did not finish within 30 minutes`);
}

/** Point 4: a fresh node (its VmHWM is then this task's) writes the archive into the bucket. */
async function archive(s3Env: Record<string, string>) {
  const env = { ...s3Env, ...TRIED_ENV };
  const mb = (ARCHIVE.ids.length * ARCHIVE.bytes) / 1024 / 1024;
  console.log(
    `\n4. An archive of ${ARCHIVE.ids.length} cached images of ${(ARCHIVE.bytes / 1024 / 1024).toFixed(1)} MB (${mb.toFixed(0)} MB) written into the bucket by one node` +
      (values['node-env'].length > 0 ? ` (node started with ${values['node-env'].join(' ')})` : ''),
  );
  const node = await newNode(newDir(), env);
  const token = await node.login();
  const pid = node.child.pid!;
  const before = memoryOf(pid, 'VmRSS');
  const stop = sampleRss(pid);
  const started = performance.now();
  const created = await node.api('POST', '/api/download', {
    token,
    body: { image_urls: ARCHIVE.ids.map((id) => urlOf(id, 'large')), filename_prefix: 'scale_out' },
  });
  if (created.status !== 202) throw new Error(`POST /api/download answered ${created.status}`);
  const status = await finished(node, token, created.json<{ download_id: string }>().download_id);
  const seconds = (performance.now() - started) / 1000;
  const peak = stop();
  const written = status.bytes_written / 1024 / 1024;
  console.log(
    `   task ${status.status}${status.error ? ` (${status.error})` : ''} in ${seconds.toFixed(1)} s, archive ${written.toFixed(1)} MB (${(written / seconds).toFixed(0)} MB/s)`,
  );
  console.log(
    `   node RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB sampled every 100 ms (VmHWM ${memoryOf(pid, 'VmHWM').toFixed(0)} MB)   target peak < ${TARGET_RSS_MB} MB: ${peak < TARGET_RSS_MB ? 'met' : 'NOT met'}`,
  );
  await node.stop();
}

/** Point 3: bench/job-start.ts as it is, on a database of this cluster, its lines relayed. */
async function jobStart(clusterUrl: string) {
  console.log(
    '\n3. Task start on another node: LISTEN/NOTIFY against polling (bench/job-start.ts)',
  );
  const database = await createPostgresDatabase(clusterUrl);
  undo.push(() => database.drop());
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...process.execArgv,
      path.join(import.meta.dirname, 'job-start.ts'),
      '--samples',
      String(values['start-samples']),
    ],
    {
      env: { ...process.env, BENCH_DATABASE_URL: database.url },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  for (const line of output.trimEnd().split('\n')) console.log(`   ${line}`);
  if (code !== 0) console.log(`   (bench/job-start.ts exited with code ${code})`);
}

/** Seeds what the points to run read, then starts the nodes points 1 and 2 measure. */
async function startNodes(replica: Replica, s3: S3Process, clusterUrl: string) {
  const serving = POINTS.has(1) || POINTS.has(2);
  const shared = await createPostgresDatabase(clusterUrl);
  undo.push(() => shared.drop());
  const started = performance.now();
  const inBucket = [
    ...(serving ? [LARGE] : []),
    ...(POINTS.has(1) ? [THUMBS] : []),
    ...(POINTS.has(4) ? [ARCHIVE] : []),
  ];
  if (inBucket.length > 0)
    await seed({ ...s3.env, DATA_DIR: newDir(), DATABASE_URL: shared.url }, inBucket);
  const base = { ...replica.env(), UPSTREAM_CHALLENGE_SOLVER: 'off' };
  const s3Env = { ...base, ...s3.env, DATABASE_URL: shared.url };
  if (!serving) {
    console.log(`seeded the bucket in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return { s3Env, nodes: [], localNode: null };
  }
  const local = await createPostgresDatabase(clusterUrl);
  undo.push(() => local.drop());
  const localDir = newDir();
  await seed({ DATA_DIR: localDir, DATABASE_URL: local.url }, [LARGE]);
  console.log(
    `seeded the bucket and the local folder in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  // One after the other, as a deployment would start them.
  const nodes = [await newNode(newDir(), s3Env), await newNode(newDir(), s3Env)];
  const localNode = await newNode(localDir, { ...base, DATABASE_URL: local.url });
  return { s3Env, nodes, localNode };
}

async function main() {
  const cluster = await startThrowawayPostgres();
  if (!cluster) throw new Error('no Postgres binaries here (apt-get install postgresql)');
  undo.push(() => cluster.stop());
  const s3 = await startS3Process();
  const replica = await startReplica();
  undo.push(() => replica.close());
  const { s3Env, nodes, localNode } = await startNodes(replica, s3, cluster.url);
  if (localNode) {
    const token = await nodes[0]!.login();
    if (POINTS.has(1)) await oneNodeAgainstTwo(nodes, token, s3);
    if (POINTS.has(2))
      await localAgainstS3(nodes[0]!, token, localNode, await localNode.login(), s3);
    console.log(`   (source requests during points 1 and 2: ${replica.counts().total})`);
    await Promise.all([...nodes, localNode].map((node) => node.stop()));
  }
  // Nothing else runs meanwhile: each has the machine to itself.
  if (POINTS.has(3)) await jobStart(cluster.url);
  if (POINTS.has(4)) await archive(s3Env);
}

if (values['s3-child']) {
  await serveS3();
} else {
  try {
    await main();
  } finally {
    // Every step is tried: a cluster left running outlives the process.
    for (const step of undo.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error(error);
      }
    }
  }
}
