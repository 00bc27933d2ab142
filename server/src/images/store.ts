import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { ImageSize, Kind } from '../config';
import type { Database } from '../db';
import { notFound } from '../errors';
import type { FetchLeases, UpstreamClient, UrlBuilders } from '../upstream';
import {
  FetchPriority,
  UpstreamConnectionError,
  UpstreamError,
  UpstreamNotFoundError,
} from '../upstream';
import { factsOf, type ImageFacts } from './facts';
import type { CacheGeneration } from './generation';
import type { ImageHostHealth } from './host-health';
import { isHostFailure } from './host-health';
import { ByteBudgetCache } from './memory-cache';
import type { CacheMeter } from '../site-health/cache-meter';

/** An image ready to send: small ones carry their bytes (served from memory), large ones a file. */
export interface ServedImage extends StoredImage {
  body: Buffer | null;
}

/** A write in progress is seconds old (the upstream timeout bounds it); an hour-old one was abandoned. */
const STALE_TEMPORARY_MS = 60 * 60 * 1000;

/** Grid thumbnails and compressed images are what pages ask for again and again. */
const MEMORY_BUDGET = 32 * 1024 * 1024;
const MEMORY_LARGEST_ENTRY = 256 * 1024;
/** Ids per query of `storedMany` (well under every dialect's limit of bound parameters). */
const LOOKUP_BATCH = 500;

export interface StoredImage {
  file: string;
  /** The size actually served (a fallback may serve a smaller one). */
  size: ImageSize;
  bytes: number;
  etag: string;
}

/**
 * Which sizes answer a request, best first. A small image falls back to the original (the same
 * picture) before the thumbnail; a thumbnail falls back to the original only when its host is
 * down (see `get`), never for an id the host does not have.
 */
export function sizeChain(wanted: ImageSize, compressedForLarge: boolean): ImageSize[] {
  if (wanted === 'thumb') return ['thumb', 'large'];
  if (wanted === 'small' || compressedForLarge) return ['small', 'large', 'thumb'];
  return ['large', 'small', 'thumb'];
}

/**
 * Image bytes on disk, keyed by (kind, id, size). A stored image costs no upstream request;
 * a missing one is fetched once (concurrent requests share the fetch, across processes too)
 * through the paced client,
 * written under a temporary name and renamed, then recorded. Only ids reach here, never URLs.
 */
export class ImageStore {
  private readonly inFlight = new Map<string, Promise<StoredImage | null>>();
  private readonly memory = new ByteBudgetCache<ServedImage & { body: Buffer }>(
    MEMORY_BUDGET,
    MEMORY_LARGEST_ENTRY,
  );

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      root: string;
      client: UpstreamClient;
      builders: UrlBuilders;
      generation: CacheGeneration;
      leases: FetchLeases;
      meter?: CacheMeter;
      hostHealth: ImageHostHealth;
    },
  ) {}

  /** Settles once no fetch is under way: a closing app lets them land before it goes. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled(this.inFlight.values());
  }

  /** Where a size of a kind comes from (`host:port`, as the paced client keys hosts). */
  private hostOf(size: ImageSize, kind: Kind): string {
    return new URL(this.deps.builders.imageUrl(size, kind, 1)).host;
  }

  /**
   * The chain with sizes whose URL is the original's served as the original: with the default
   * templates 小图 is the original, and one fetch and one file serve both.
   */
  private chain(kind: Kind, wanted: ImageSize, compressedForLarge: boolean): ImageSize[] {
    const original = this.deps.builders.imageUrl('large', kind, 1);
    const sizes = sizeChain(wanted, compressedForLarge).map((size) =>
      this.deps.builders.imageUrl(size, kind, 1) === original ? 'large' : size,
    );
    return [...new Set(sizes)];
  }

  fileOf(kind: Kind, id: number, size: ImageSize): string {
    const shard = String(id % 1000).padStart(3, '0');
    return path.join(this.deps.root, kind, size, shard, `${id}.jpg`);
  }

  /**
   * `stopOn`: failures that end the search at once instead of trying a smaller size (a download
   * pauses while the source is unreachable rather than filling its archive with thumbnails).
   */
  async get(
    kind: Kind,
    id: number,
    wanted: ImageSize,
    compressedForLarge = false,
    options: { stopOn?: (error: unknown) => boolean } = {},
  ): Promise<StoredImage> {
    const health = this.deps.hostHealth;
    let lastError: unknown = null;
    let skippedDown = false;
    /** Hosts that said 404: a failure of theirs if a later host has the image. */
    const missingOn: { host: string; size: ImageSize; error: unknown }[] = [];
    for (const [index, size] of this.chain(kind, wanted, compressedForLarge).entries()) {
      const onDisk = await this.onDisk(kind, id, size);
      if (onDisk) {
        this.deps.meter?.hit('images');
        return onDisk;
      }
      this.deps.meter?.miss('images');
      // A thumbnail comes from the original only while its host is down (it is far heavier).
      if (wanted === 'thumb' && index > 0 && !skippedDown) break;
      const host = this.hostOf(size, kind);
      // A download that stops on a failing host wants this size or nothing: it tries the host (one
      // request, then it pauses and retries later) rather than taking another size without asking.
      skippedDown = !options.stopOn && health.shouldSkip(host);
      if (skippedDown) {
        lastError ??= new UpstreamConnectionError(this.deps.builders.imageUrl(size, kind, id), {
          cause: new Error(`${host} is marked down`),
        });
        continue;
      }
      try {
        const fetched = await this.fetchOnce(kind, id, size);
        if (fetched) {
          for (const miss of missingOn) health.failed(miss.host, miss.size, miss.error);
          return fetched;
        }
      } catch (error) {
        if (!(error instanceof UpstreamError) || options.stopOn?.(error)) throw error;
        if (error instanceof UpstreamNotFoundError) missingOn.push({ host, size, error });
        lastError = error;
      }
    }
    if (lastError && !(lastError instanceof UpstreamNotFoundError)) throw lastError;
    throw notFound('源站上没有这张图片');
  }

  /** For the image route: `get`, with small images' bytes kept in memory (no disk access on a hit). */
  async serve(
    kind: Kind,
    id: number,
    wanted: ImageSize,
    compressedForLarge = false,
  ): Promise<ServedImage> {
    const hit = this.fromMemory(kind, id, wanted, compressedForLarge);
    if (hit) return hit;
    const image = await this.get(kind, id, wanted, compressedForLarge);
    if (image.bytes > MEMORY_LARGEST_ENTRY) return { ...image, body: null };
    const served = { ...image, body: await readFile(image.file) };
    this.memory.set(memoryKey(kind, id, wanted, compressedForLarge), served);
    return served;
  }

  /** What `serve` would answer, if it can answer from memory alone. */
  fromMemory(
    kind: Kind,
    id: number,
    wanted: ImageSize,
    compressedForLarge = false,
  ): (ServedImage & { body: Buffer }) | undefined {
    const hit = this.memory.get(memoryKey(kind, id, wanted, compressedForLarge));
    if (hit) this.deps.meter?.hit('images');
    return hit;
  }

  /** Fetches one size into the store unless it is there, behind every request a user waits for. */
  async prefetch(kind: Kind, id: number, size: ImageSize): Promise<void> {
    if (!(await this.onDisk(kind, id, size))) {
      await this.fetchOnce(kind, id, size, FetchPriority.background);
    }
  }

  /** Whether any size of the image is already stored (downloads use it to skip the network). */
  async has(kind: Kind, id: number, size: ImageSize): Promise<boolean> {
    return (await this.onDisk(kind, id, size)) !== null;
  }

  /**
   * What `get` would answer from the cache without a request, for many images of one kind at
   * once: one query per few hundred ids instead of a lookup (and a `stat`) per image, plus the
   * facts already known of each. Only the size `get` tries first is looked up; an image missing
   * here goes through `get`. The rows are trusted: a file cleared meanwhile fails when it is read,
   * and its reader fetches it again with `get`.
   */
  async storedMany(
    kind: Kind,
    ids: number[],
    wanted: ImageSize,
    compressedForLarge = false,
  ): Promise<Map<number, { image: StoredImage; facts: ImageFacts | null }>> {
    const size = this.chain(kind, wanted, compressedForLarge)[0]!;
    const found = new Map<number, { image: StoredImage; facts: ImageFacts | null }>();
    for (let start = 0; start < ids.length; start += LOOKUP_BATCH) {
      const rows = await this.deps.db
        .selectFrom('cached_images')
        .select(['id', 'bytes', 'phash', 'width', 'height', 'sha256'])
        .where('kind', '=', kind)
        .where('size', '=', size)
        .where('id', 'in', ids.slice(start, start + LOOKUP_BATCH))
        .execute();
      for (const row of rows) {
        const bytes = Number(row.bytes);
        const { phash, sha256, width, height } = row;
        found.set(row.id, {
          image: {
            file: this.fileOf(kind, row.id, size),
            size,
            bytes,
            etag: etagOf(kind, row.id, size, bytes),
          },
          facts:
            phash && sha256 && width !== null && height !== null
              ? { phash, sha256, width, height, bytes }
              : null,
        });
        this.deps.meter?.hit('images');
      }
    }
    return found;
  }

  /** The stored image's facts, computed from its bytes the first time and kept with its row. */
  async facts(kind: Kind, id: number, image: StoredImage): Promise<ImageFacts> {
    const row = await this.deps.db
      .selectFrom('cached_images')
      .select(['phash', 'width', 'height', 'sha256', 'bytes'])
      .where('kind', '=', kind)
      .where('id', '=', id)
      .where('size', '=', image.size)
      .executeTakeFirst();
    if (row?.phash && row.sha256 && row.width !== null && row.height !== null)
      return { ...row, phash: row.phash, sha256: row.sha256, width: row.width, height: row.height };
    const facts = await factsOf(image.file);
    await this.deps.db
      .updateTable('cached_images')
      .set({ phash: facts.phash, width: facts.width, height: facts.height, sha256: facts.sha256 })
      .where('kind', '=', kind)
      .where('id', '=', id)
      .where('size', '=', image.size)
      .execute();
    return facts;
  }

  async delete(images: { kind: Kind; id: number }[]): Promise<number> {
    let deleted = 0;
    for (const { kind, id } of images) {
      this.memory.deletePrefix(`${kind}:${id}:`);
      for (const size of ['thumb', 'small', 'large'] as const) {
        if (await this.onDisk(kind, id, size)) {
          await rm(this.fileOf(kind, id, size), { force: true });
          deleted++;
        }
      }
      await this.deps.db
        .deleteFrom('cached_images')
        .where('kind', '=', kind)
        .where('id', '=', id)
        .execute();
    }
    if (images.length > 0) await this.deps.generation.bump();
    return deleted;
  }

  async deleteAll(): Promise<number> {
    this.memory.clear();
    const result = await this.deps.db.deleteFrom('cached_images').executeTakeFirst();
    // A fetch finishing meanwhile may add a file while the tree is removed (ENOTEMPTY): retried.
    await rm(this.deps.root, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    await this.deps.generation.bump();
    return Number(result.numDeletedRows);
  }

  /**
   * Removes what a killed process left half written (`<id>.jpg.<hex>.tmp`, never served) once it
   * is older than any write in progress could be. Walks one shard directory at a time, so memory
   * stays small however large the cache.
   */
  async removeStaleTemporaries(olderThanMs = STALE_TEMPORARY_MS): Promise<number> {
    const cutoff = Date.now() - olderThanMs;
    const children = (dir: string) => readdir(dir).catch(() => [] as string[]);
    let removed = 0;
    for (const kind of await children(this.deps.root)) {
      for (const size of await children(path.join(this.deps.root, kind))) {
        for (const shard of await children(path.join(this.deps.root, kind, size))) {
          const dir = path.join(this.deps.root, kind, size, shard);
          for (const name of await children(dir)) {
            if (!name.endsWith('.tmp')) continue;
            const file = path.join(dir, name);
            const info = await stat(file).catch(() => null);
            if (!info || info.mtimeMs >= cutoff) continue;
            await rm(file, { force: true });
            removed++;
          }
        }
      }
    }
    return removed;
  }

  private async onDisk(kind: Kind, id: number, size: ImageSize): Promise<StoredImage | null> {
    const file = this.fileOf(kind, id, size);
    try {
      const info = await stat(file);
      return { file, size, bytes: info.size, etag: etagOf(kind, id, size, info.size) };
    } catch {
      return null;
    }
  }

  private fetchOnce(
    kind: Kind,
    id: number,
    size: ImageSize,
    priority: number = FetchPriority.visible,
  ): Promise<StoredImage | null> {
    const key = `${kind}:${id}:${size}`;
    let running = this.inFlight.get(key);
    if (!running) {
      running = this.deps.leases
        .once(
          `image:${key}`,
          () => this.fetchAndStore(kind, id, size, priority),
          () => this.onDisk(kind, id, size),
        )
        .finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, running);
    }
    return running;
  }

  private async fetchAndStore(
    kind: Kind,
    id: number,
    size: ImageSize,
    priority: number,
  ): Promise<StoredImage> {
    const image = await this.fetchNoting(kind, id, size, priority);
    const file = this.fileOf(kind, id, size);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temporary, image.body);
    await rename(temporary, file);
    const row = {
      bytes: image.body.length,
      cached_at: new Date().toISOString(),
      // Computed again from the new file when first asked for.
      phash: null,
      width: null,
      height: null,
      sha256: null,
    };
    await this.deps.db
      .insertInto('cached_images')
      .values({ kind, id, size, ...row })
      .onConflict((oc) => oc.columns(['kind', 'id', 'size']).doUpdateSet(row))
      .execute();
    await this.deps.generation.bump();
    return {
      file,
      size,
      bytes: image.body.length,
      etag: etagOf(kind, id, size, image.body.length),
    };
  }

  /** One fetch, its outcome noted against the host (once per request, not per waiter). */
  private async fetchNoting(kind: Kind, id: number, size: ImageSize, priority: number) {
    const url = this.deps.builders.imageUrl(size, kind, id);
    const host = new URL(url).host;
    try {
      const image = await this.deps.client.fetchImage(url, { priority });
      this.deps.hostHealth.succeeded(host, size);
      return image;
    } catch (error) {
      if (isHostFailure(error)) this.deps.hostHealth.failed(host, size, error);
      else this.deps.hostHealth.settled(host);
      throw error;
    }
  }
}

/** Every size and variant of an image starts with `kind:id:`, which `delete` relies on. */
function memoryKey(kind: Kind, id: number, wanted: ImageSize, compressedForLarge: boolean): string {
  return `${kind}:${id}:${wanted}:${compressedForLarge}`;
}

/** An image id never changes its picture upstream, so kind, id, size and length identify the bytes. */
function etagOf(kind: Kind, id: number, size: ImageSize, bytes: number): string {
  return `"${kind}-${id}-${size}-${bytes}"`;
}
