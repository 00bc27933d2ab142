// Benchmark: writing a download into the library folder (`LIBRARY_DIR`) with `LibraryFolder.write`
// against `cp -r` of the same files. 2,000 JPEG-sized files (random bytes, 60–200 KB, from a fixed
// seed) stand in for cached images; each round times (a) `cp -r cache copy`, (b) a write of the
// same 2,000 files laid out as `<work>/<episode>/<id>.jpg` over 20 episodes into a fresh root,
// (c) the same write again, which must write nothing. The page cache cannot be dropped here, so
// the three take turns and the medians are compared. Target: ours at least 0.8 of cp's speed
// (cp time / our time ≥ 0.8). Run: npx tsx bench/library-dir.ts [--files 2000] [--rounds 3]
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LibraryFolder, type LibraryEntry } from '../server/src/library-folder';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '3' },
    episodes: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '8' },
  },
});
const FILES = Number(values.files);
const ROUNDS = Number(values.rounds);
const EPISODES = Number(values.episodes);
const CONCURRENCY = Number(values.concurrency);
const TARGET = 0.8;

/** mulberry32: the same files every run, so runs compare. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** The cache: FILES files of 60–200 KB of seeded noise (incompressible, like JPEG data). */
function seedCache(dir: string): { entries: LibraryEntry[]; bytes: number } {
  const next = random(20_260_101);
  const entries: LibraryEntry[] = [];
  let bytes = 0;
  for (let id = 1; id <= FILES; id++) {
    const size = 60 * 1024 + (next() % (140 * 1024 + 1));
    const words = new Uint32Array(Math.ceil(size / 4));
    for (let i = 0; i < words.length; i++) words[i] = next();
    const file = path.join(dir, `${id}.jpg`);
    writeFileSync(file, new Uint8Array(words.buffer, 0, size));
    const episode = Math.floor(((id - 1) * EPISODES) / FILES) + 1;
    // The size too, as the download job passes it (the image cache records every size).
    entries.push({ path: `Bench Work/Episode ${episode}/${id}.jpg`, file, bytes: size });
    bytes += size;
  }
  return { entries, bytes };
}

/** GNU time, when installed, reports cp's CPU seconds (user + system) on its last line. */
const TIME = '/usr/bin/time';

/** `cp -r from to`; resolves its CPU seconds (NaN without GNU time). */
function cp(from: string, to: string): Promise<number> {
  const withTime = existsSync(TIME);
  const [command, args] = withTime
    ? [TIME, ['-f', '%U %S', 'cp', '-r', from, to]]
    : ['cp', ['-r', from, to]];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`cp -r exited with ${code}: ${stderr}`));
      const [user, system] = stderr.trim().split('\n').at(-1)!.split(' ').map(Number);
      resolve(withTime ? user! + system! : Number.NaN);
    });
  });
}

/**
 * Wall seconds `work` takes, after the writes before it have reached the disk, and CPU seconds:
 * what `work` reports, or this process's own (libuv's threads included).
 */
async function timed(work: () => Promise<number | void>): Promise<{ wall: number; cpu: number }> {
  execFileSync('sync');
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const reported = await work();
  const wall = (performance.now() - started) / 1000;
  const { user, system } = process.cpuUsage(cpuBefore);
  return { wall, cpu: typeof reported === 'number' ? reported : (user + system) / 1e6 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const seconds = (xs: number[]) => xs.map((x) => x.toFixed(3)).join(', ');

const dir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-bench-library-'));
try {
  const cache = path.join(dir, 'cache');
  mkdirSync(cache);
  const { entries, bytes } = seedCache(cache);
  const mb = bytes / 1024 / 1024;
  // A server that has run a while: the write's code is compiled before it is timed.
  await new LibraryFolder({ root: path.join(dir, 'warm-up') }).write(
    'bench',
    entries.slice(0, 200),
  );
  rmSync(path.join(dir, 'warm-up'), { recursive: true });
  const times = { cp: [] as Timing[], write: [] as Timing[], again: [] as Timing[] };
  let againWritten = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const copy = path.join(dir, `cp-${round}`);
    const root = path.join(dir, `library-${round}`);
    times.cp.push(await timed(() => cp(cache, copy)));
    const library = new LibraryFolder({ root, concurrency: CONCURRENCY });
    let written = 0;
    times.write.push(
      await timed(async () => {
        ({ written } = await library.write('bench', entries));
      }),
    );
    if (written !== FILES) throw new Error(`the first write wrote ${written} of ${FILES} files`);
    times.again.push(
      await timed(async () => {
        againWritten += (await library.write('bench', entries)).written;
      }),
    );
    // Each round on an emptied disk, and the removal's writes settled before the next timing.
    rmSync(copy, { recursive: true, force: true });
    rmSync(root, { recursive: true, force: true });
  }
  report({ mb, times, againWritten });
} finally {
  rmSync(dir, { recursive: true, force: true });
}

type Timing = { wall: number; cpu: number };

function report(result: {
  mb: number;
  times: { cp: Timing[]; write: Timing[]; again: Timing[] };
  againWritten: number;
}) {
  const { mb, times } = result;
  const wall = (xs: Timing[]) => median(xs.map((x) => x.wall));
  const ratio = wall(times.cp) / wall(times.write);
  console.log(
    `files: ${FILES} (${mb.toFixed(0)} MB, 60–200 KB each), ${EPISODES} episodes, ${ROUNDS} rounds, concurrency ${CONCURRENCY}; load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  const line = (label: string, xs: Timing[], copied = true) =>
    console.log(
      `${label} median ${wall(xs).toFixed(3)} s${copied ? ` (${(mb / wall(xs)).toFixed(0)} MB/s)` : ''}, CPU ${median(xs.map((x) => x.cpu)).toFixed(3)} s; all ${seconds(xs.map((x) => x.wall))}`,
    );
  line('cp -r:                ', times.cp);
  line('LibraryFolder.write:  ', times.write);
  line('second write:         ', times.again, false);
  console.log(
    `ratio (cp time / write time, medians): ${ratio.toFixed(2)}  target ≥ ${TARGET.toFixed(2)}: ${ratio >= TARGET ? 'met' : 'NOT met'}`,
  );
  if (result.againWritten === 0) console.log('second run wrote 0 files');
  else console.log(`second run wrote ${result.againWritten} files (expected 0)`);
  if (ratio < TARGET || result.againWritten !== 0) process.exitCode = 1;
}
