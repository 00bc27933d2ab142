// Benchmark: the page's check of a big answer. Every answer the page reads is parsed with its
// route's contract schema (web/src/api/client.ts, `call`); the largest is an episode's listing.
// Target: a valid 5,000-image listing (`GET /api/images/episode/:episodeId`, `ImageListResponse`)
// is checked in under 15 ms, median and worst of 50 runs after 30 warm-up runs.
// The page's CSP allows no eval, so zod there parses without its compiled fast path: the target is
// measured that way (`jitless`); the compiled path, what Node and the tests use, is printed beside.
// Each run parses the JSON text anew, as the page reads each answer, and times the check alone;
// the garbage of earlier runs is collected first, since a page checks one answer at a time. The
// very first check (cold code, as a page's first big listing) is printed too.
// Run: npx tsx bench/answer-parse.ts
import v8 from 'node:v8';
import vm from 'node:vm';
import { api, type ImageListResponse } from '@capshelf/contract';
import { imageItem } from '../server/src/images/urls';
import { imageList } from '../web/src/test/browseFixtures';

const IMAGES = 5000;
const WARM_UP = 30;
const RUNS = 50;
const TARGET_MS = 15;

const schema = api.catalog.listing.smart.responses[200];

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/** The server's answer for a fully read 5,000-image episode, its URLs as the server builds them. */
const listing = (): ImageListResponse =>
  imageList(
    Array.from({ length: IMAGES }, (_, index) => imageItem('anime', 500_000 + index, false)),
  );

/** The first, median and worst time of the check over fresh copies of the answer. */
function measure(text: string, jitless: boolean) {
  const times: number[] = [];
  for (let run = 0; run < WARM_UP + RUNS; run++) {
    const payload: unknown = JSON.parse(text);
    collectGarbage();
    const started = performance.now();
    const parsed = schema.safeParse(payload, { jitless });
    times.push(performance.now() - started);
    if (!parsed.success) throw new Error(`the answer does not match: ${parsed.error.message}`);
  }
  const measured = times.slice(WARM_UP).sort((a, b) => a - b);
  return {
    first: times[0]!,
    median: measured[Math.floor(measured.length / 2)]!,
    worst: measured.at(-1)!,
  };
}

const text = JSON.stringify(listing());
const ms = (value: number) => `${value.toFixed(2)} ms`;
console.log(`answer: ${IMAGES} images, ${(text.length / 1024).toFixed(0)} KB of JSON`);

const page = measure(text, true);
const met = page.median < TARGET_MS && page.worst < TARGET_MS;
console.log(
  `page's check (jitless): median ${ms(page.median)}, worst ${ms(page.worst)}` +
    ` (target < ${TARGET_MS} ms: ${met ? 'met' : 'NOT met'}); first, cold: ${ms(page.first)}`,
);
const compiled = measure(text, false);
console.log(
  `compiled fast path: median ${ms(compiled.median)}, worst ${ms(compiled.worst)};` +
    ` first, cold: ${ms(compiled.first)}`,
);
if (!met) process.exitCode = 1;
