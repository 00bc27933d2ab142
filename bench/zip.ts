// Benchmark: a ZIP download task of the real (bundled) server over N cached images, against
// `zip -0` (Info-ZIP, store only) on the same files. Targets: the task at least as fast as
// `zip -0`; the server's memory flat while it writes (peak RSS under 150 MB for 2,000 images /
// 1 GB, counted from the end of start-up and login, so the idle footprint is in it); the process
// exits 1 when one is missed. The disk of a shared VM is noisy, so both run several times
// alternately and the best of each is compared. Run: npx tsx bench/zip.ts [--images 2000] [--kb 500] [--rounds 3]
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/src/config';
import { createServices } from '../server/src/services';
import { freePort } from '../scripts/lib/ports.mjs';
import { BENCH_ADMIN, startBuiltServer } from './built-server';

const { values } = parseArgs({
  options: {
    images: { type: 'string', default: '2000' },
    kb: { type: 'string', default: '500' },
    rounds: { type: 'string', default: '3' },
  },
});
const count = Number(values.images);
const bytesEach = Number(values.kb) * 1024;
const rounds = Number(values.rounds);
const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-bench-zip-'));
const port = await freePort();

execFileSync('zip', ['-v'], { stdio: 'ignore' });
// The server's bundle as the sources are now (the page is not part of this bench).
execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });

// Seed the image cache: files where the image store keeps them, and their rows.
const seeding = await createServices(
  loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD: BENCH_ADMIN.password }),
);
const files: string[] = [];
const rows = [];
for (let id = 1; id <= count; id++) {
  const file = path.join(dataDir, seeding.images.keyOf('anime', id, 'large'));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, randomBytes(bytesEach));
  files.push(file);
  rows.push({
    kind: 'anime' as const,
    id,
    size: 'large' as const,
    bytes: bytesEach,
    cached_at: new Date().toISOString(),
  });
}
for (let i = 0; i < rows.length; i += 500)
  await seeding.db.kysely
    .insertInto('cached_images')
    .values(rows.slice(i, i + 500))
    .execute();
await seeding.close();
writeFileSync(path.join(dataDir, 'files.txt'), files.join('\n'));

const server = await startBuiltServer({ dataDir, port });
const memory = (field: 'VmRSS' | 'VmHWM') =>
  Number(
    new RegExp(`${field}:\\s+(\\d+)`).exec(
      readFileSync(`/proc/${server.child.pid}/status`, 'utf8'),
    )![1],
  ) / 1024;

async function api(method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json() as Promise<Record<string, unknown>>;
}

try {
  const token = await server.login();
  const urls = Array.from(
    { length: count },
    (_, i) => `/api/images/${i + 1}.jpg?kind=anime&size=large`,
  );
  // The peak counted is the tasks' (with the idle footprint under it): start-up and the login's
  // argon2 (19 MB, freed at once) are over. Writing 5 to clear_refs resets VmHWM to the RSS now.
  const startPeak = memory('VmHWM');
  writeFileSync(`/proc/${server.child.pid}/clear_refs`, '5');
  const baseline = memory('VmRSS');
  const taskTimes: number[] = [];
  const zipTimes: number[] = [];
  for (let round = 0; round < rounds; round++) {
    execFileSync('sync');
    let started = performance.now();
    const { download_id } = await api('POST', '/api/download', token, {
      image_urls: urls,
      filename_prefix: 'bench',
    });
    for (;;) {
      const status = await api('GET', `/api/download/${String(download_id)}/status`, token);
      if (status.status === 'failed') throw new Error(String(status.error));
      if (status.status === 'completed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    taskTimes.push((performance.now() - started) / 1000);
    execFileSync('sync');
    started = performance.now();
    execFileSync('sh', [
      '-c',
      `zip -0 -q -@ "${dataDir}/reference-${round}.zip" < "${dataDir}/files.txt"`,
    ]);
    zipTimes.push((performance.now() - started) / 1000);
  }
  const peak = memory('VmHWM');
  const mb = (count * bytesEach) / 1024 / 1024;
  const best = (xs: number[]) => Math.min(...xs);
  console.log(`images: ${count} × ${values.kb} KB = ${mb.toFixed(0)} MB, ${rounds} rounds`);
  console.log(
    `capshelf task: best ${best(taskTimes).toFixed(2)} s (${(mb / best(taskTimes)).toFixed(0)} MB/s); all ${taskTimes.map((t) => t.toFixed(2)).join(', ')}`,
  );
  console.log(
    `zip -0:        best ${best(zipTimes).toFixed(2)} s (${(mb / best(zipTimes)).toFixed(0)} MB/s); all ${zipTimes.map((t) => t.toFixed(2)).join(', ')}`,
  );
  const ratio = best(zipTimes) / best(taskTimes);
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(
    `ratio (zip -0 time / task time, best of each): ${ratio.toFixed(2)}  target ≥ 1.00 (${met(ratio >= 1)})`,
  );
  console.log(
    `server RSS idle before the tasks ${baseline.toFixed(0)} MB (peak through start-up and login ${startPeak.toFixed(0)} MB); ` +
      `peak during the tasks ${peak.toFixed(0)} MB (growth ${(peak - baseline).toFixed(0)} MB)  target: peak < 150 MB (${met(peak < 150)})`,
  );
  process.exitCode = ratio >= 1 && peak < 150 ? 0 : 1;
} finally {
  server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
