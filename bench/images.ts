// Benchmark: cached images served by the real (bundled) server against the same files served by
// nginx (Debian package), same client (wrk, one thread), 50 connections, every request a different
// image. The set is ten times the server's 32 MB memory cache (16,384 images of 20 KB), so most
// answers come from disk as in any real cache, and each server's turn starts with the files out of
// the page cache (posix_fadvise DONTNEED) where the machine allows; the app's requests are spread
// over ten sessions signed in afresh each round. Beside it, and before it in each server's turn
// (which warms the server), the memory-cache figure: 1,000 other images, which all fit. Both run as
// one process and as two (WORKERS=2; worker_processes 2), and the targets compare each at its best
// on this machine. For scale it also measures node:http alone sending the app's own answers
// (bench/plain-node.mjs) from memory, the ceiling of one Node process, and reading each file as the
// app's fast path does, the ceiling of one Node process on the disk set. Targets, for both sets: the app at ≥ 0.5 of nginx's requests/s and
// p99 under 20 ms; the process exits 1 when one is missed. A shared VM's speed drifts from second
// to second, so the servers take turns, round after round, and the figures are medians.
// Run: npx tsx bench/images.ts [--images 16384] [--seconds 4] [--rounds 5]
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/src/config';
import { createServices } from '../server/src/services';
import { freePorts } from '../scripts/lib/ports.mjs';
import { BENCH_ADMIN, startBuiltServer, waitFor, type BuiltServer } from './built-server';

const { values } = parseArgs({
  options: {
    images: { type: 'string', default: '16384' },
    seconds: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '5' },
  },
});
/** The disk set; the memory set's images come on top, so no server finds those cached in it. */
const count = Number(values.images);
/** In the memory set: images that all fit the server's 32 MB memory cache (ids 1–1,000). */
const MEMORY_SET = 1000;
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-bench-images-'));
// nginx's worker drops to an unprivileged user: it must be able to read the files.
chmodSync(dataDir, 0o755);
const [appPort, nginxPort, plainPort, appWorkersPort, nginxWorkersPort, readsPort] =
  (await freePorts(6)) as [number, number, number, number, number, number];

for (const [tool, pkg] of [
  ['nginx', 'nginx-light'],
  ['wrk', 'wrk'],
] as const) {
  try {
    execFileSync('which', [tool], { stdio: 'ignore' });
  } catch {
    console.error(`${tool} is missing: apt-get install -y ${pkg}`);
    process.exit(1);
  }
}
// Only the server's bundle: the page is not part of this bench.
execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'ignore' });

// Seed thumbnails (~20 KB, the size of the site's grid images) where the image store keeps them.
const seeding = await createServices(
  loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD: BENCH_ADMIN.password }),
);
const files: string[] = [];
const rows = [];
for (let id = 1; id <= MEMORY_SET + count; id++) {
  const file = path.join(dataDir, seeding.images.keyOf('anime', id, 'thumb'));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, randomBytes(20 * 1024));
  files.push(path.relative(path.join(dataDir, 'images'), file));
  rows.push({
    kind: 'anime' as const,
    id,
    size: 'thumb' as const,
    bytes: 20 * 1024,
    cached_at: new Date().toISOString(),
  });
}
for (let i = 0; i < rows.length; i += 500) {
  await seeding.db.kysely
    .insertInto('cached_images')
    .values(rows.slice(i, i + 500))
    .execute();
}
await seeding.close();

/** nginx with the given number of worker processes, serving the image files. */
function startNginx(workers: number, port: number) {
  const dir = path.join(dataDir, `nginx-${workers}`);
  mkdirSync(dir);
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off; worker_processes ${workers}; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log off; sendfile on; tcp_nopush on; keepalive_requests 100000;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir};
  uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  types { image/jpeg jpg; }
  server {
    listen 127.0.0.1:${port};
    root ${path.join(dataDir, 'images')};
    location / { add_header Cache-Control "private, max-age=31536000, immutable"; etag on; }
  }
}
`,
  );
  return spawn('nginx', ['-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
}

const nginxes = [startNginx(1, nginxPort), startNginx(2, nginxWorkersPort)];
let app: BuiltServer | undefined;
let appWorkers: BuiltServer | undefined;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

const SESSIONS = 10;

// Each request takes the next path, and for the app the next of the round's sessions.
const cycleScript = path.join(dataDir, 'cycle.lua');
writeFileSync(
  cycleScript,
  `local paths, headers, n = {}, {}, 0
init = function(args)
  for line in io.lines(args[1]) do paths[#paths + 1] = line end
  if args[2] then
    for line in io.lines(args[2]) do headers[#headers + 1] = { Authorization = "Bearer " .. line } end
  end
end
request = function()
  n = n + 1
  local session = #headers > 0 and headers[(n % #headers) + 1] or nil
  return wrk.format("GET", paths[(n % #paths) + 1], session)
end
`,
);

/** The interpreter itself: a version manager's shim costs seconds a call on a loaded machine. */
const python = (() => {
  try {
    return execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], {
      encoding: 'utf8',
    }).trim();
  } catch {
    return null;
  }
})();

/** Takes the image files out of the page cache (posix_fadvise DONTNEED), so a run reads the disk. */
function dropFileCache(): boolean {
  if (!python) return false;
  try {
    execFileSync(
      python,
      [
        '-c',
        'import os, sys\nfor f in sys.stdin.read().split():\n  fd = os.open(f, os.O_RDONLY)\n  os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)\n  os.close(fd)',
      ],
      { input: files.map((f) => path.join(dataDir, 'images', f)).join('\n') },
    );
    return true;
  } catch {
    return false;
  }
}

/** A wrk run through the paths listed in the file (and the sessions in the tokens file, if any). */
function wrk(base: string, pathsFile: string, duration: string, tokensFile?: string): Figures {
  const out = execFileSync(
    'wrk',
    ['-t1', '-c50', `-d${duration}`, '--latency', '-s', cycleScript, base, '--', pathsFile].concat(
      tokensFile ? [tokensFile] : [],
    ),
    { encoding: 'utf8' },
  );
  const number = (pattern: RegExp) => Number(pattern.exec(out)?.[1] ?? 0);
  const ms = (pattern: RegExp) => {
    const match = pattern.exec(out);
    if (!match) return NaN;
    const value = Number(match[1]);
    return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
  };
  return {
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p50: ms(/50%\s+([\d.]+)(us|ms|s)/),
    p99: ms(/99%\s+([\d.]+)(us|ms|s)/),
    errors: number(/Non-2xx or 3xx responses: (\d+)/) + number(/Socket errors: connect (\d+)/),
  };
}

/** Writes a list (one entry a line) to a file of the run's folder and returns its path. */
function listFile(name: string, lines: string[]) {
  const file = path.join(dataDir, name);
  writeFileSync(file, lines.join('\n'));
  return file;
}

const median = (values: number[]) =>
  values.toSorted((x, y) => x - y)[Math.floor(values.length / 2)]!;

function line(title: string, f: Figures) {
  return `${title.padEnd(11)} ${f.rps.toFixed(0).padStart(7)} req/s   p50 ${f.p50.toFixed(2)} ms   p99 ${f.p99.toFixed(2)} ms   errors ${f.errors}`;
}

/** A new session; once more if the connection kept from the last one was closed meanwhile. */
const signIn = (server: BuiltServer) => server.login().catch(() => server.login());

type Server = { name: string; base: string; paths: 'files' | 'app'; app?: BuiltServer };
type Summary = Record<string, Figures>;

/** Each server's medians over the rounds. */
function summarise(results: Record<string, Figures[]>): Summary {
  return Object.fromEntries(
    Object.entries(results).map(([name, runs]) => [
      name,
      {
        rps: median(runs.map((r) => r.rps)),
        p50: median(runs.map((r) => r.p50)),
        p99: median(runs.map((r) => r.p99)),
        errors: runs.reduce((sum, r) => sum + r.errors, 0),
      },
    ]),
  );
}

/** Prints a set's medians and ratios; false when a target is missed. */
function report(set: string, summary: Summary): boolean {
  console.log(`${set}, medians:`);
  for (const [name, figures] of Object.entries(summary)) console.log(`  ${line(name, figures)}`);
  const best = (prefix: string) =>
    Object.entries(summary)
      .filter(([name]) => name.startsWith(prefix))
      .reduce((x, y) => (y[1].rps > x[1].rps ? y : x));
  const [ourName, ours] = best('capshelf');
  const [theirName, theirs] = best('nginx');
  const single = summary['capshelf ×1']!.rps / summary['nginx ×1']!.rps;
  const ratio = ours.rps / theirs.rps;
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(`  one process each: capshelf ×1 / nginx ×1 = ${single.toFixed(2)}`);
  console.log(
    `  each at its best: ${ourName} / ${theirName} = ${ratio.toFixed(2)}  target ≥ 0.50 (${met(ratio >= 0.5)})`,
  );
  console.log(`  ${ourName} p99 ${ours.p99.toFixed(2)} ms  target < 20 ms (${met(ours.p99 < 20)})`);
  return ratio >= 0.5 && ours.p99 < 20 && ours.errors === 0;
}

const plains: ReturnType<typeof spawn>[] = [];

try {
  app = await startBuiltServer({ dataDir, port: appPort });
  appWorkers = await startBuiltServer({ dataDir, port: appWorkersPort, env: { WORKERS: '2' } });
  await waitFor(`http://127.0.0.1:${nginxPort}/`);
  await waitFor(`http://127.0.0.1:${nginxWorkersPort}/`);
  const token = await app.login();
  // node:http alone sends the app's own answer (its headers as the app sends them).
  const sample = await fetch(`${app.base}/api/images/1.jpg?kind=anime&size=thumb`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const headers = Object.fromEntries(
    [...sample.headers].filter(
      ([name]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(name),
    ),
  );
  const headersFile = path.join(dataDir, 'headers.json');
  writeFileSync(headersFile, JSON.stringify(headers));
  for (const [port, mode] of [
    [plainPort, 'memory'],
    [readsPort, 'reads'],
  ] as const) {
    const script = path.join(import.meta.dirname, 'plain-node.mjs');
    const args = [script, String(port), path.join(dataDir, 'images'), headersFile, mode];
    plains.push(spawn(process.execPath, args, { stdio: 'ignore' }));
    await waitFor(`http://127.0.0.1:${port}/`);
  }
  const filePaths = files.map((f) => `/${f}`);
  const appPaths = Array.from(
    { length: MEMORY_SET + count },
    (_, i) => `/api/images/${i + 1}.jpg?kind=anime&size=thumb`,
  );
  const lists = {
    disk: {
      files: listFile('disk-files', filePaths.slice(MEMORY_SET)),
      app: listFile('disk-app', appPaths.slice(MEMORY_SET)),
    },
    memory: {
      files: listFile('memory-files', filePaths.slice(0, MEMORY_SET)),
      app: listFile('memory-app', appPaths.slice(0, MEMORY_SET)),
    },
  };
  const servers: Server[] = [
    { name: 'nginx ×1', base: `http://127.0.0.1:${nginxPort}`, paths: 'files' },
    { name: 'nginx ×2', base: `http://127.0.0.1:${nginxWorkersPort}`, paths: 'files' },
    { name: 'node:http', base: `http://127.0.0.1:${plainPort}`, paths: 'files' },
    { name: 'node reads', base: `http://127.0.0.1:${readsPort}`, paths: 'files' },
    { name: 'capshelf ×1', base: app.base, paths: 'app', app },
    { name: 'capshelf ×2', base: appWorkers.base, paths: 'app', app: appWorkers },
  ];
  const cold = dropFileCache();
  console.log(
    `disk set: ${count} cached 20 KB images (${((count * 20) / 1024).toFixed(0)} MB, the memory cache holds 32 MB), ` +
      `${cold ? 'files dropped from the page cache before each turn' : 'page cache NOT dropped (no python3 posix_fadvise)'}; ` +
      `memory set: ${MEMORY_SET} other images, after a 1 s warm-up, first in each turn. wrk -t1 -c50, ${SESSIONS} sessions per app per round; ` +
      `${rounds} rounds of ${seconds} s per server and set, taking turns`,
  );
  const results = {
    disk: {} as Record<string, Figures[]>,
    memory: {} as Record<string, Figures[]>,
  };
  for (let round = 1; round <= rounds; round++) {
    for (const server of servers) {
      const sessions: string[] = [];
      for (let i = 0; server.app && i < SESSIONS; i++) sessions.push(await signIn(server.app));
      const tokens = server.app ? listFile('tokens', sessions) : undefined;
      // The memory set first: its warm-up also warms the server for the disk set.
      for (const set of ['memory', 'disk'] as const) {
        const paths = lists[set][server.paths];
        if (set === 'disk') dropFileCache();
        else wrk(server.base, paths, '1s', tokens);
        const figures = wrk(server.base, paths, `${seconds}s`, tokens);
        (results[set][server.name] ??= []).push(figures);
        console.log(`round ${round}  ${set.padEnd(6)} ${line(server.name, figures)}`);
      }
    }
  }
  const diskMet = report(`disk set (${count} images)`, summarise(results.disk));
  const memoryMet = report(`memory set (${MEMORY_SET} images)`, summarise(results.memory));
  process.exitCode = diskMet && memoryMet ? 0 : 1;
} finally {
  app?.stop();
  appWorkers?.stop();
  for (const plain of plains) plain.kill('SIGTERM');
  for (const nginx of nginxes) nginx.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
