// Benchmark: cached images served by the real (bundled) server against the same files served by
// nginx (Debian package), same client (wrk, one thread), 50 connections, every request a different
// image of the set. Both run as one process and as two (WORKERS=2; worker_processes 2), and the
// target compares each at its best on this machine. For scale it also measures node:http alone
// sending the app's own answers from memory (bench/plain-node.mjs), the ceiling of one Node
// process. Targets: the app at ≥ 0.5 of nginx's requests/s and p99 under 20 ms. A shared VM's speed
// drifts from second to second, so the servers take turns, round after round, and the figures are
// medians. Run: npx tsx bench/images.ts [--images 1000] [--seconds 4] [--rounds 5]
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/src/config';
import { createServices } from '../server/src/services';
import { freePorts } from '../scripts/lib/ports.mjs';
import { BENCH_ADMIN, startBuiltServer, waitFor } from './built-server';

const { values } = parseArgs({
  options: {
    images: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '5' },
  },
});
const count = Number(values.images);
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-bench-images-'));
// nginx's worker drops to an unprivileged user: it must be able to read the files.
chmodSync(dataDir, 0o755);
const [appPort, nginxPort, plainPort, appWorkersPort, nginxWorkersPort] = (await freePorts(5)) as [
  number,
  number,
  number,
  number,
  number,
];

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
execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'ignore' });

// Seed thumbnails (~20 KB, the size of the site's grid images) where the image store keeps them.
const seeding = await createServices(
  loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD: BENCH_ADMIN.password }),
);
const files: string[] = [];
const rows = [];
for (let id = 1; id <= count; id++) {
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
const app = await startBuiltServer({ dataDir, port: appPort });
const appWorkers = await startBuiltServer({
  dataDir,
  port: appWorkersPort,
  env: { WORKERS: '2' },
});

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** A wrk run cycling through the given paths (a Lua script reads them), with latency percentiles. */
function wrkRun(title: string, base: string, paths: string[], headers: string[]) {
  const list = path.join(dataDir, `${title.replace(/\W/g, '')}.paths`);
  writeFileSync(list, paths.join('\n'));
  const script = path.join(dataDir, 'cycle.lua');
  writeFileSync(
    script,
    'local paths = {}\nlocal n = 0\ninit = function(args) for line in io.lines(args[1]) do paths[#paths + 1] = line end end\n' +
      'request = function() n = n + 1; return wrk.format("GET", paths[(n % #paths) + 1]) end\n',
  );
  return (duration: string): Figures => {
    const out = execFileSync(
      'wrk',
      [
        '-t1',
        '-c50',
        `-d${duration}`,
        '--latency',
        '-s',
        script,
        ...headers.flatMap((h) => ['-H', h]),
        base,
        '--',
        list,
      ],
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
  };
}

const median = (values: number[]) =>
  values.toSorted((x, y) => x - y)[Math.floor(values.length / 2)]!;

function line(title: string, f: Figures) {
  return `${title.padEnd(11)} ${f.rps.toFixed(0).padStart(7)} req/s   p50 ${f.p50.toFixed(2)} ms   p99 ${f.p99.toFixed(2)} ms   errors ${f.errors}`;
}

let plain: ReturnType<typeof spawn> | undefined;

try {
  await waitFor(`http://127.0.0.1:${nginxPort}/`);
  await waitFor(`http://127.0.0.1:${nginxWorkersPort}/`);
  const token = await app.login();
  // node:http alone sends the app's own answer (its headers as the app sends them) from memory.
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
  plain = spawn(
    process.execPath,
    [
      path.join(import.meta.dirname, 'plain-node.mjs'),
      String(plainPort),
      path.join(dataDir, 'images'),
      headersFile,
    ],
    { stdio: 'ignore' },
  );
  await waitFor(`http://127.0.0.1:${plainPort}/`);
  const filePaths = files.map((f) => `/${f}`);
  const appPaths = Array.from(
    { length: count },
    (_, i) => `/api/images/${i + 1}.jpg?kind=anime&size=thumb`,
  );
  const bearer = [`Authorization: Bearer ${token}`];
  const servers = {
    'nginx ×1': wrkRun('nginx1', `http://127.0.0.1:${nginxPort}`, filePaths, []),
    'nginx ×2': wrkRun('nginx2', `http://127.0.0.1:${nginxWorkersPort}`, filePaths, []),
    'node:http': wrkRun('node', `http://127.0.0.1:${plainPort}`, filePaths, []),
    'capshelf ×1': wrkRun('capshelf1', app.base, appPaths, bearer),
    'capshelf ×2': wrkRun('capshelf2', appWorkers.base, appPaths, bearer),
  };
  console.log(
    `${count} cached 20 KB images, wrk -t1 -c50; ${rounds} rounds of ${seconds} s per server, taking turns (after a 2 s warm-up each)`,
  );
  const results = Object.fromEntries(Object.keys(servers).map((name) => [name, [] as Figures[]]));
  for (const run of Object.values(servers)) run('2s');
  for (let round = 1; round <= rounds; round++) {
    for (const [name, run] of Object.entries(servers)) {
      const figures = run(`${seconds}s`);
      results[name]!.push(figures);
      console.log(`round ${round}  ${line(name, figures)}`);
    }
  }
  const summary = Object.fromEntries(
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
  console.log('medians:');
  for (const [name, figures] of Object.entries(summary))
    console.log(`         ${line(name, figures)}`);
  const best = (prefix: string) =>
    Object.entries(summary)
      .filter(([name]) => name.startsWith(prefix))
      .reduce((x, y) => (y[1].rps > x[1].rps ? y : x));
  const [ourName, ours] = best('capshelf');
  const [theirName, theirs] = best('nginx');
  const single = summary['capshelf ×1']!.rps / summary['nginx ×1']!.rps;
  console.log(`one process each: capshelf ×1 / nginx ×1 = ${single.toFixed(2)}`);
  const ratio = ours.rps / theirs.rps;
  console.log(
    `each at its best here: ${ourName} / ${theirName} = ${ratio.toFixed(2)}  target ≥ 0.50 (${ratio >= 0.5 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `capshelf ×1 / node:http: ${(summary['capshelf ×1']!.rps / summary['node:http']!.rps).toFixed(2)}  (the share of Node's own ceiling one process keeps)`,
  );
  console.log(
    `${ourName} p99 ${ours.p99.toFixed(2)} ms  target < 20 ms (${ours.p99 < 20 ? 'met' : 'NOT met'})`,
  );
} finally {
  app.stop();
  appWorkers.stop();
  plain?.kill('SIGTERM');
  for (const nginx of nginxes) nginx.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
