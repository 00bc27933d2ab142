import { createHash } from 'node:crypto';
import { StoreFullError, StoreUnavailableError } from './errors';
import type { ObjectInfo, ObjectStore } from './object-store';

/** What is a file of capshelf's: the image cache and the kept archives. */
export const MIGRATED_PREFIXES = ['images/', 'downloads/'];

/** Pieces handed to the target's writer: large enough for few calls, small enough to stay flat. */
const BATCH_BYTES = 1024 * 1024;

/** One prefix's counts so far. */
export interface MigrationCounts {
  /** Objects listed in the source. */
  seen: number;
  /** Copied and read back intact (in a dry run: that would be copied). */
  copied: number;
  /** Already in the target, byte for byte. */
  skipped: number;
  /** Could not be copied, or read back different (the copy is removed). */
  failed: number;
  /** Listed, then deleted from the source before it was read (the server evicts meanwhile). */
  gone: number;
  /** Bytes of what was copied (or would be). */
  bytes: number;
}

export interface MigrationProgress extends MigrationCounts {
  /** The prefix being copied; the counts are its own. */
  prefix: string;
}

export interface MigrationFailure {
  key: string;
  reason: string;
}

export interface MigrationResult extends MigrationCounts {
  failures: MigrationFailure[];
}

export interface MigrationOptions {
  from: ObjectStore;
  to: ObjectStore;
  prefixes?: string[];
  /** Stops the run: copies in progress are aborted, the promise rejects with the reason. */
  signal?: AbortSignal;
  onProgress?(progress: MigrationProgress): void;
  /** Objects in flight at once. */
  concurrency?: number;
  /** Counts what would be copied (by the same rule) and writes nothing. */
  dryRun?: boolean;
  /** Compares every same-size object already in the target by sha256, however new it is. */
  verify?: boolean;
}

type Outcome =
  | { kind: 'copied'; bytes: number }
  | { kind: 'skipped' | 'gone' }
  | { kind: 'failed'; reason: string };

interface Digest {
  sha256: string;
  bytes: number;
}

const noCounts = (): MigrationCounts => ({
  seen: 0,
  copied: 0,
  skipped: 0,
  failed: 0,
  gone: 0,
  bytes: 0,
});

/**
 * Copies every object under `prefixes` from one store to the other, leaving the source as it is.
 * Every copy is read back and checked against what was read; one that differs is removed and
 * counted as failed. An object the target already holds with the same size, written after the
 * source's last change, is a checked copy of an earlier run and is skipped unread, so a rerun (the
 * one with the server stopped) reads and writes only what is new. A same-size object older than
 * the source's, or any same-size object with `verify`, is compared by sha256 and skipped when
 * equal. Objects written to the source meanwhile are left to the next run.
 */
export async function migrateObjects(options: MigrationOptions): Promise<MigrationResult> {
  const totals = noCounts();
  const failures: MigrationFailure[] = [];
  for (const prefix of options.prefixes ?? MIGRATED_PREFIXES) {
    const counts = await migratePrefix(options, prefix, failures);
    for (const name of Object.keys(totals) as (keyof MigrationCounts)[])
      totals[name] += counts[name];
  }
  return { ...totals, failures };
}

async function migratePrefix(
  options: MigrationOptions,
  prefix: string,
  failures: MigrationFailure[],
): Promise<MigrationCounts> {
  const counts = noCounts();
  // A store that cannot be written or reached fails every object alike: the run stops at once.
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  // Async generators queue concurrent `next` calls: the workers share one listing.
  const listing = options.from.list(prefix)[Symbol.asyncIterator]();
  const worker = async () => {
    for (let next = await listing.next(); !next.done; next = await listing.next()) {
      signal.throwIfAborted();
      const outcome = await outcomeOf(options, next.value, signal);
      counts.seen++;
      counts[outcome.kind]++;
      if (outcome.kind === 'copied') counts.bytes += outcome.bytes;
      if (outcome.kind === 'failed') failures.push({ key: next.value.key, reason: outcome.reason });
      options.onProgress?.({ prefix, ...counts });
    }
  };
  const workers = Array.from({ length: options.concurrency ?? 4 }, () =>
    worker().catch((error: unknown) => {
      stop.abort(error);
      throw error;
    }),
  );
  const stopped = (await Promise.allSettled(workers)).find((w) => w.status === 'rejected');
  if (stopped) throw stopped.reason;
  return counts;
}

/** One object's migration; an error other than a store-wide one is that object's failure. */
async function outcomeOf(
  options: MigrationOptions,
  info: ObjectInfo,
  signal: AbortSignal,
): Promise<Outcome> {
  try {
    return await migrateOne(options, info, signal);
  } catch (error) {
    if (signal.aborted || error instanceof StoreFullError || error instanceof StoreUnavailableError)
      throw error;
    return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
}

async function migrateOne(
  { from, to, dryRun, verify }: MigrationOptions,
  { key, bytes, modified }: ObjectInfo,
  signal: AbortSignal,
): Promise<Outcome> {
  const there = await to.head(key);
  // Images and archives never change under one key: a copy made since is the one checked then.
  if (there?.bytes === bytes && !verify && there.modified >= modified) return { kind: 'skipped' };
  // Sizes first: only a same-size object is worth reading twice.
  if (there?.bytes === bytes) {
    const [source, target] = await Promise.all([
      digestOf(from, key, signal),
      digestOf(to, key, signal),
    ]);
    if (!source) return { kind: 'gone' };
    if (source.sha256 === target?.sha256) return { kind: 'skipped' };
  }
  if (dryRun) return { kind: 'copied', bytes };
  const copied = await copy(from, to, key, signal);
  if (!copied) return { kind: 'gone' };
  const problem = await problemOfCopy(to, key, copied, signal);
  if (!problem) return { kind: 'copied', bytes: copied.bytes };
  await to.delete(key);
  return { kind: 'failed', reason: problem };
}

/** The sha256 and length of an object, streamed; null when there is none. */
async function digestOf(
  store: ObjectStore,
  key: string,
  signal: AbortSignal,
): Promise<Digest | null> {
  const body = await store.stream(key);
  if (!body) return null;
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      signal.throwIfAborted();
      hash.update(chunk);
      bytes += chunk.length;
    }
  } finally {
    body.destroy();
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** Streams the object into the target, hashing what it reads; null when the source has none. */
async function copy(
  from: ObjectStore,
  to: ObjectStore,
  key: string,
  signal: AbortSignal,
): Promise<Digest | null> {
  const body = await from.stream(key);
  if (!body) return null;
  const hash = createHash('sha256');
  let bytes = 0;
  let batch: Buffer[] = [];
  let batched = 0;
  const writer = await to.writer(key, { signal });
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      hash.update(chunk);
      bytes += chunk.length;
      batch.push(chunk);
      batched += chunk.length;
      if (batched < BATCH_BYTES) continue;
      await writer.write(batch);
      batch = [];
      batched = 0;
    }
    if (batch.length > 0) await writer.write(batch);
    await writer.commit();
  } catch (error) {
    await writer.abort();
    throw error;
  } finally {
    body.destroy();
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** What is wrong with the target's copy, read back, against what was read; null when nothing. */
async function problemOfCopy(
  to: ObjectStore,
  key: string,
  copied: Digest,
  signal: AbortSignal,
): Promise<string | null> {
  const info = await to.head(key);
  if (info?.bytes !== copied.bytes)
    return `the copy holds ${info ? info.bytes : 'no'} bytes, not ${copied.bytes}`;
  const back = await digestOf(to, key, signal);
  return back?.sha256 === copied.sha256 ? null : 'the copy reads back with another sha256';
}
