// Benchmark, part 2 of bench/fairness.ts: a cache that never outgrows its cap. Fills an image
// cache capped at 50 MB with 100 MB of originals from the replica, viewed by a signed-in user
// through the image route (8 at a time), while another user's favourites sit among the oldest
// images, the first in line for eviction. Prints the cache size after (target: ≤ the cap), the
// evictions, and whether every favourited image survived (target: all). The replica is local and
// its pacing is turned down (the pacing is measured in part 1 and the client's own tests).
// Run: npx tsx bench/fairness-cache.ts [--cap-mb 50] [--fill-mb 100]
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { shows, startReplica } from '@capshelf/replica';
import { loadConfig } from '../server/src/config';
import { buildHttpApp } from '../server/src/http/app';
import { createServices } from '../server/src/services';

const MIB = 1024 * 1024;
const FAVOURITES = 20;
const AT_ONCE = 8;

export interface CacheFillResult {
  capBytes: number;
  /** Bytes of the images viewed (each one stored on its first view). */
  filledBytes: number;
  sizeBytes: number;
  evictedFiles: number;
  evictedBytes: number;
  favourites: number;
  favouritesKept: number;
  seconds: number;
}

/** Fills a capped cache through the image route and reports what stayed. */
export async function fairnessCache(
  options: { capMb?: number; fillMb?: number } = {},
): Promise<CacheFillResult> {
  const capBytes = (options.capMb ?? 50) * MIB;
  const fillBytes = (options.fillMb ?? 100) * MIB;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-bench-cache-'));
  const replica = await startReplica();
  const password = 'BenchPass123';
  const services = await createServices(
    loadConfig({
      ...replica.env(),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD: password,
      CACHE_MAX_SIZE: `${capBytes}`,
      CACHE_MIN_FREE: '0',
      UPSTREAM_PAGE_SPACING: '0ms',
      UPSTREAM_THUMB_SPACING: '0ms',
      UPSTREAM_FULL_SPACING: '0ms',
      UPSTREAM_FULL_CONCURRENCY: String(AT_ONCE),
      UPSTREAM_JITTER: '0ms',
      THUMBNAIL_PREFETCH: 'false',
      // One viewer fills 100 MB of uncached images: more than a user's budget (600 a window).
      USER_UNCACHED_IMAGES: '100000',
    }),
  );
  const app = await buildHttpApp(services, { webRoot: path.join(dataDir, 'no-web') });
  try {
    const headersOf = async (email: string) => {
      await services.auth.users.create({ email, password, role: 'user' });
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
      });
      return { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
    };
    const viewer = await headersOf('viewer@bench.local');
    const collector = await headersOf('collector@bench.local');
    const ids = shows
      .filter((show) => show.kind === 'anime')
      .flatMap((show) => show.episodes.flatMap((episode) => episode.imageIds));
    const view = async (id: number) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/images/${id}.jpg?kind=anime&size=large`,
        headers: viewer,
      });
      if (res.statusCode !== 200) throw new Error(`image ${id}: ${res.statusCode} ${res.body}`);
      return res.rawPayload.length;
    };

    const started = performance.now();
    let filled = 0;
    let next = 0;
    // The collector favourites the first images viewed: the least recently viewed of all.
    const favourites = ids.slice(0, FAVOURITES);
    for (const id of favourites) filled += await view(id);
    for (const id of favourites) {
      await app.inject({
        method: 'POST',
        url: '/api/favorites/image',
        headers: collector,
        payload: { image_id: id, kind: 'anime' },
      });
    }
    next = FAVOURITES;
    const worker = async () => {
      while (filled < fillBytes && next < ids.length) {
        // Not `filled += await …`: side by side, each would add to what it read before waiting.
        const bytes = await view(ids[next++]!);
        filled += bytes;
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
    await services.evictor.stop();
    const seconds = (performance.now() - started) / 1000;

    const overview = await services.cacheAdmin.overview();
    const kept = await services.imageRecords.stored('anime', 'large', favourites);
    return {
      capBytes,
      filledBytes: filled,
      sizeBytes: overview.size_bytes,
      evictedFiles: overview.evicted_files,
      evictedBytes: overview.evicted_bytes,
      favourites: favourites.length,
      favouritesKept: kept.length,
      seconds,
    };
  } finally {
    await app.close();
    await services.close();
    await replica.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The figures as the benchmark prints them; true when both targets are met. */
export function printCacheFill(result: CacheFillResult): boolean {
  const mb = (bytes: number) => `${(bytes / MIB).toFixed(1)} MB`;
  const underCap = result.sizeBytes <= result.capBytes;
  const allKept = result.favouritesKept === result.favourites;
  console.log(
    `cache capped at ${mb(result.capBytes)}, filled with ${mb(result.filledBytes)} of images in ${result.seconds.toFixed(1)} s`,
  );
  console.log(
    `  cache size after: ${mb(result.sizeBytes)} ${underCap ? '(≤ cap: ok)' : '(OVER THE CAP)'}`,
  );
  console.log(`  evicted: ${result.evictedFiles} files, ${mb(result.evictedBytes)}`);
  console.log(
    `  favourited images kept: ${result.favouritesKept} of ${result.favourites} ${allKept ? '(ok)' : '(LOST SOME)'}`,
  );
  return underCap && allKept;
}

if (import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      'cap-mb': { type: 'string', default: '50' },
      'fill-mb': { type: 'string', default: '100' },
    },
  });
  const ok = printCacheFill(
    await fairnessCache({ capMb: Number(values['cap-mb']), fillMb: Number(values['fill-mb']) }),
  );
  process.exitCode = ok ? 0 : 1;
}
