// Benchmark: the dataset filter (issue 24, "Measured").
// 1. Decisions: a 12-episode work of about 5,000 frames built with known repeats (the same opening
//    and ending runs in every episode, near-duplicate runs, A-B-A cuts, dark, blank and blurry
//    frames), drawn as the replica draws them (320×180 JPEGs), hashed and measured by the server's
//    own code, then sieved with every quality filter and the whole-work scope at 同一镜头 (≤ 6):
//    precision and recall of the dropped set against the truth (targets ≥ 0.98 each).
// 2. Measuring: the rate of computing hashes and filter measures of new images (this process,
//    one core): images/s.
// 3. Comparing: the whole-scope comparison with hashes stored, for the 5,000 frames and for a
//    work of 50,000 (targets < 1 s and < 10 s); and the process's peak RSS.
// Run: npx tsx bench/dataset.ts [--episodes 12] [--scale 10]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { datasetFrameSvg, type DatasetFrame } from '@capshelf/replica';
import { FrameSieve, type DatasetFilter } from '../server/src/datasets';
import { factsOf, type ImageFacts } from '../server/src/images';

const { values } = parseArgs({
  options: {
    episodes: { type: 'string', default: '12' },
    scale: { type: 'string', default: '10' },
  },
});
const EPISODES = Number(values.episodes);
const SCALE = Number(values.scale);
const FILTER: DatasetFilter = {
  nearDuplicates: { scope: 'work', threshold: 6 },
  quality: ['dark', 'blank', 'blurry'],
};

/** A run of one scene: its first frame is kept (when new), the rest repeat it by 1–3 bits. */
function run(scene: string, length: number, seen: Set<string>): DatasetFrame[] {
  const fresh = !seen.has(scene);
  seen.add(scene);
  return Array.from({ length }, (_, i) => ({
    scene,
    flips: [0, 2, 1, 3, 2, 1][i % 6]!,
    look: 'sharp' as const,
    truth: fresh && i === 0 ? ('keep' as const) : ('near_duplicate' as const),
  }));
}

/** One episode of about 420 frames; `seen` holds the scenes earlier frames showed. */
function episode(n: number, seen: Set<string>): DatasetFrame[] {
  const frames: DatasetFrame[] = [];
  for (let i = 0; i < 8; i++) frames.push(...run(`op${i}`, 3, seen));
  for (let s = 0; s < 100; s++) {
    const scene = `e${n}-s${s}`;
    frames.push(...run(scene, 1 + ((s * 7 + n) % 6), seen));
    // A-B-A: every tenth scene cuts back to the one before the last.
    if (s % 10 === 9) frames.push(...run(`e${n}-s${s - 2}`, 1, seen));
    const bad = (look: 'dark' | 'blank' | 'blurry', k: number) =>
      frames.push({ scene: `e${n}-${look}${k}`, flips: 0, look, truth: look });
    if (s % 17 === 5) bad('dark', s);
    if (s % 23 === 7) bad('blank', s);
    if (s % 29 === 11) bad('blurry', s);
  }
  for (let i = 0; i < 4; i++) frames.push(...run(`ed${i}`, 3, seen));
  return frames;
}

const seen = new Set<string>();
const frames = Array.from({ length: EPISODES }, (_, n) => episode(n, seen)).flat();
const dir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-bench-dataset-'));
try {
  console.log(`drawing ${frames.length} frames (320×180 JPEG) …`);
  const files: string[] = [];
  for (const [i, frame] of frames.entries()) {
    const file = path.join(dir, `${i}.jpg`);
    const svg = datasetFrameSvg(frame, 320, 180, i);
    writeFileSync(file, await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer());
    files.push(file);
  }

  const measureStart = performance.now();
  const facts: ImageFacts[] = [];
  for (const file of files) facts.push(await factsOf(readFileSync(file)));
  const measureSeconds = (performance.now() - measureStart) / 1000;

  const sieve = (all: { phash: string; luma: number; contrast: number; sharpness: number }[]) => {
    const start = performance.now();
    const sieveOf = new FrameSieve<number>(FILTER);
    const dropped = all.map((f, i) => sieveOf.consider(i, f) !== null);
    return { dropped, ms: performance.now() - start };
  };
  const { dropped, ms: smallMs } = sieve(facts);
  const truth = frames.map((f) => f.truth !== 'keep');
  const hits = dropped.filter((d, i) => d && truth[i]).length;
  const precision = hits / dropped.filter(Boolean).length;
  const recall = hits / truth.filter(Boolean).length;

  // 50,000: the same work's stored facts, each copy's scenes moved to hashes of their own.
  const big = Array.from({ length: SCALE }, (_, copy) =>
    facts.map((f) => {
      const hi = (parseInt(f.phash.slice(0, 8), 16) ^ Math.imul(copy + 1, 0x9e3779b1)) >>> 0;
      return { ...f, phash: hi.toString(16).padStart(8, '0') + f.phash.slice(8) };
    }),
  ).flat();
  const { ms: bigMs } = sieve(big);

  const rssMb = process.resourceUsage().maxRSS / 1024;
  const result = {
    frames: frames.length,
    dropped_truth: truth.filter(Boolean).length,
    dropped: dropped.filter(Boolean).length,
    precision: Number(precision.toFixed(4)),
    recall: Number(recall.toFixed(4)),
    measure_images_per_s: Math.round(frames.length / measureSeconds),
    compare_ms: Math.round(smallMs),
    compare_big_frames: big.length,
    compare_big_ms: Math.round(bigMs),
    peak_rss_mb: Math.round(rssMb),
  };
  console.log(JSON.stringify(result, null, 2));
  const ok = precision >= 0.98 && recall >= 0.98 && smallMs < 1000 && bigMs < 10_000;
  console.log(ok ? 'targets met' : 'TARGETS MISSED');
  process.exitCode = ok ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
