import type { Readable } from 'node:stream';
import type { ImageSize, Kind } from '../config';
import { fromStorageFull, notFound } from '../errors';
import type { FetchLeases, UpstreamClient, UrlBuilders, UserBudget } from '../upstream';
import {
  FetchPriority,
  UpstreamConnectionError,
  UpstreamError,
  UpstreamNotFoundError,
} from '../upstream';
import { factsOf, type ImageFacts } from './facts';
import type { ImageFiles, StoredImage } from './files';
import type { CacheGeneration } from './generation';
import type { ImageHostHealth } from './host-health';
import { isHostFailure } from './host-health';
import { ByteBudgetCache } from './memory-cache';
import { sizeChain } from './size-chain';
import type { CachedImageRecords } from './records';
import type { CacheMeter } from '../site-health/cache-meter';
import type { CacheEvictor } from './eviction';
import { UnstoredImage } from './unstored';
import type { ViewTracker } from './views';

/** An image ready to send: small ones carry their bytes (served from memory), large ones a stream. */
export interface ServedImage extends StoredImage {
  body: Buffer | Readable;
}

/** Grid thumbnails and compressed images are what pages ask for again and again. */
const MEMORY_BUDGET = 32 * 1024 * 1024;
const MEMORY_LARGEST_ENTRY = 256 * 1024;

/**
 * Image bytes in the store (a local folder or a shared bucket), keyed by (kind, id, size). A stored image costs no upstream request;
 * a missing one is fetched once (concurrent requests share the fetch, across processes too)
 * through the paced client, written whole (`ImageFiles`), then recorded (`CachedImageRecords`).
 * Only ids reach here, never URLs.
 */
export class ImageStore {
  private readonly inFlight = new Map<string, Promise<StoredImage | null>>();
  private readonly memory = new ByteBudgetCache<ServedImage & { body: Buffer }>(
    MEMORY_BUDGET,
    MEMORY_LARGEST_ENTRY,
  );

  constructor(
    private readonly deps: {
      records: CachedImageRecords;
      files: ImageFiles;
      client: UpstreamClient;
      builders: UrlBuilders;
      generation: CacheGeneration;
      leases: FetchLeases;
      meter?: CacheMeter;
      hostHealth: ImageHostHealth;
      /** What users view, and room made before each write (least-recently-viewed eviction). */
      views?: ViewTracker;
      evictor?: CacheEvictor;
      /** Each user's budget of images fetched for their own requests (none for tasks, prefetch). */
      budget?: Pick<UserBudget, 'charge'>;
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

  keyOf(kind: Kind, id: number, size: ImageSize): string {
    return this.deps.files.keyOf(kind, id, size);
  }

  /**
   * The image's bytes. Null when the image went since it was found (evicted or cleared): the
   * caller fetches it again with `get`.
   */
  read(image: StoredImage): Promise<Buffer | null> {
    return this.deps.files.read(image);
  }

  /** The image's file when the store is a folder on this machine (read in place), else null. */
  localPath(image: StoredImage): string | null {
    return this.deps.files.localPath(image);
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
      const stored = await this.deps.files.stored(kind, id, size);
      if (stored) {
        this.deps.meter?.hit('images');
        return stored;
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
        await this.deps.budget?.charge('image');
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

  /**
   * For the image route: `get`, with small images' bytes kept in memory from their second view
   * (no disk access on a hit).
   * An image the store had no room for is sent all the same, straight from the fetch: a full
   * cache costs the user a source request per view, not the picture.
   */
  async serve(
    kind: Kind,
    id: number,
    wanted: ImageSize,
    compressedForLarge = false,
  ): Promise<ServedImage> {
    const hit = this.fromMemory(kind, id, wanted, compressedForLarge);
    if (hit) return hit;
    // An image evicted between finding and reading it is found (fetched) once more.
    for (let attempt = 0; attempt < 2; attempt++) {
      const image = await this.get(kind, id, wanted, compressedForLarge).catch(unstoredAsIs);
      if (image instanceof UnstoredImage) return { ...image.image, body: image.body };
      this.deps.views?.viewed(kind, id, image.size);
      const large = image.bytes > MEMORY_LARGEST_ENTRY;
      const body = await (large ? this.deps.files.stream(image) : this.deps.files.read(image));
      if (!body) continue;
      if (Buffer.isBuffer(body))
        this.memory.offer(memoryKey(kind, id, wanted, compressedForLarge), { ...image, body });
      return { ...image, body };
    }
    throw this.gone();
  }

  private gone() {
    return notFound('图片刚被清理，请重试');
  }

  /** What `serve` would answer, if it can answer from memory alone. */
  fromMemory(
    kind: Kind,
    id: number,
    wanted: ImageSize,
    compressedForLarge = false,
  ): (ServedImage & { body: Buffer }) | undefined {
    const hit = this.memory.get(memoryKey(kind, id, wanted, compressedForLarge));
    if (hit) {
      this.deps.meter?.hit('images');
      this.deps.views?.viewed(kind, id, hit.size);
    }
    return hit;
  }

  /**
   * What `serve` would answer for a small image whose file is on this machine, read with no
   * lookup first (then offered to memory as `serve` does). Undefined: leave it to `serve`.
   */
  fromLocalFile(
    kind: Kind,
    id: number,
    wanted: ImageSize,
    compressedForLarge: boolean,
    done: (image: (ServedImage & { body: Buffer }) | undefined) => void,
  ): void {
    // `get` serves the chain's first size when its file is there.
    const size = this.chain(kind, wanted, compressedForLarge)[0]!;
    this.deps.files.readSmall(kind, id, size, MEMORY_LARGEST_ENTRY, (found) => {
      if (!found) return done(undefined);
      this.deps.meter?.hit('images');
      this.deps.views?.viewed(kind, id, found.image.size);
      const served = { ...found.image, body: found.body };
      this.memory.offer(memoryKey(kind, id, wanted, compressedForLarge), served);
      done(served);
    });
  }

  /** Fetches one size into the store unless it is there, behind every request a user waits for. */
  async prefetch(kind: Kind, id: number, size: ImageSize): Promise<void> {
    if (await this.deps.evictor?.refusing()) return;
    if (!(await this.deps.files.stored(kind, id, size))) {
      await this.fetchOnce(kind, id, size, FetchPriority.background);
    }
  }

  /**
   * What `get` would answer from the cache without a request, for many images of one kind at
   * once: a query per few hundred ids instead of a lookup (and a `stat`) per image, plus the
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
    for (const row of await this.deps.records.stored(kind, size, ids)) {
      const image = this.deps.files.described(kind, row.id, size, row.bytes);
      found.set(row.id, { image, facts: row.facts });
      this.deps.meter?.hit('images');
    }
    return found;
  }

  /** The stored image's facts, computed from its bytes the first time and kept with its row. */
  async facts(kind: Kind, id: number, image: StoredImage): Promise<ImageFacts> {
    const known = await this.deps.records.facts(kind, id, image.size);
    if (known) return known;
    const body = await this.deps.files.read(image);
    if (!body) throw this.gone();
    const facts = await factsOf(body);
    await this.deps.records.saveFacts(kind, id, image.size, facts);
    return facts;
  }

  /** Drops an image's bytes (every size and variant) from this process's memory. */
  forget(kind: Kind, id: number): void {
    this.memory.deletePrefix(`${kind}:${id}:`);
  }

  /**
   * Removes the images' files, then their rows. Rows a full database keeps are tried once more
   * after every file went (the files' room may be what it needed); if it still refuses, that
   * answers 507 with the files gone (rows without a file are fetched again when asked for).
   */
  async delete(images: { kind: Kind; id: number }[]): Promise<number> {
    let deleted = 0;
    const unrecorded: { kind: Kind; id: number }[] = [];
    for (const { kind, id } of images) {
      this.forget(kind, id);
      for (const size of ['thumb', 'small', 'large'] as const) {
        if (await this.deps.files.stored(kind, id, size)) {
          await this.deps.files.remove(kind, id, size);
          deleted++;
        }
      }
      await this.deps.records.delete(kind, id).catch((error: unknown) => {
        if (!fromStorageFull(error)) throw error;
        unrecorded.push({ kind, id });
      });
    }
    for (const { kind, id } of unrecorded) await this.deps.records.delete(kind, id);
    if (images.length > 0) await this.bumpIfRoom();
    return deleted;
  }

  /**
   * Every row, then every file. When the database has no room to delete the rows (a full disk),
   * the files go first and the rows are tried once more.
   */
  async deleteAll(): Promise<number> {
    this.memory.clear();
    let deleted: number;
    try {
      deleted = await this.deps.records.deleteAll();
    } catch (error) {
      if (!fromStorageFull(error)) throw error;
      await this.deps.files.removeAll();
      deleted = await this.deps.records.deleteAll();
    }
    await this.deps.files.removeAll();
    await this.bumpIfRoom();
    return deleted;
  }

  /** Answers over the whole cache are recomputed later when the database has no room to say so. */
  private async bumpIfRoom(): Promise<void> {
    await this.deps.generation.bump().catch((error: unknown) => {
      if (!fromStorageFull(error)) throw error;
    });
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
          () => this.deps.files.stored(kind, id, size),
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
    // Stored meanwhile by a fetch that ended between this caller's look and its lease (the lease
    // was free again by then): the source is not asked twice.
    const already = await this.deps.files.stored(kind, id, size);
    if (already) return already;
    const image = await this.fetchNoting(kind, id, size, priority);
    const write = () => this.deps.files.write(kind, id, size, image.body);
    const { evictor } = this.deps;
    let stored: StoredImage;
    try {
      stored = await (evictor ? evictor.writing(image.body.length, write) : write());
      // A file without its row would be served but never counted nor evicted.
      await this.deps.records
        .written(kind, id, size, stored.bytes)
        .catch(async (error: unknown) => {
          await this.deps.files.remove(kind, id, size);
          throw error;
        });
    } catch (error) {
      if (!fromStorageFull(error)) throw error;
      const described = this.deps.files.described(kind, id, size, image.body.length);
      throw new UnstoredImage(described, image.body, error);
    }
    await this.bumpIfRoom();
    return stored;
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

/** An image the store had no room for, as a value; any other failure as it is. */
function unstoredAsIs(error: unknown): UnstoredImage {
  if (error instanceof UnstoredImage) return error;
  throw error;
}

/** Every size and variant of an image starts with `kind:id:`, which `delete` relies on. */
function memoryKey(kind: Kind, id: number, wanted: ImageSize, compressedForLarge: boolean): string {
  return `${kind}:${id}:${wanted}:${compressedForLarge}`;
}
