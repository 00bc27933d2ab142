import { statfs as fsStatfs } from 'node:fs/promises';
import type { Kind } from '../config';
import type { Logger } from '../logger';
import { StoreFullError } from '../storage';
import { CatchUp, isStorageFull } from './catch-up';
import type { ImageFiles } from './files';
import type { CacheGeneration } from './generation';
import type { EvictionCandidate, LeastViewed } from './least-viewed';
import type { CachedImageRecords } from './records';
import type { ViewTracker } from './views';

/** An eviction frees this share of the limit beyond what it must, so the next writes find room. */
const SLACK = 0.05;
const PAGE = 200;
/** After a run that could not free enough (everything left is pinned), writes stop asking for a while. */
const QUIET_AFTER_SHORTFALL_MS = 30_000;
const CHECK_EVERY_MS = 60_000;

export type Statfs = (dir: string) => Promise<{ bavail: number; bsize: number; blocks?: number }>;

export interface EvictionSettings {
  /** The cache's cap in bytes; null: none. */
  maxBytes: number | null;
  /**
   * Free space the cache leaves on its disk (the database's headroom): eviction makes it, and an
   * image write that would go below it is refused.
   */
  minFreeBytes: number;
  /** A directory on the cache's disk (its free space is read there). */
  dir: string;
  statfs?: Statfs;
}

export interface Evicted {
  files: number;
  bytes: number;
}

/** What unfinished download tasks need (`kind:id` images, `kind:workId` works). */
export type TaskNeeds = () => Promise<{ images: Set<string>; works: Set<string> }>;

/**
 * Keeps the image cache under `CACHE_MAX_SIZE` and the disk above `CACHE_MIN_FREE`: before each
 * write and every minute in the background it evicts files least recently viewed first, never an
 * image a favourite pins (each user's newest, up to `FAVORITE_PIN_MAX`; unless the admin asks)
 * nor one an unfinished task needs; a write that would still take the disk below
 * `CACHE_MIN_FREE` is refused. A file is renamed away, then its row and the totals go in one
 * transaction, then the file: a reader never meets a half-evicted image, and an evicted one is
 * simply fetched again when viewed. When the database has no room for that transaction (a full
 * disk), the file goes all the same and its row follows once the database takes writes again.
 * One run at a time per process.
 */
export class CacheEvictor {
  private running: Promise<Evicted> | null = null;
  private quietUntil = 0;
  /** `CACHE_MIN_FREE` is past what emptying the whole cache could free: told once, not acted on. */
  private minFreeOutOfReach = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly catchUp: CatchUp;

  constructor(
    private readonly deps: {
      records: CachedImageRecords;
      files: ImageFiles;
      leastViewed: LeastViewed;
      needs: TaskNeeds;
      /** Drops an image's bytes from the store's memory. */
      forget: (kind: Kind, id: number) => void;
      generation: CacheGeneration;
      /** Views noted in memory are written down before the order is read. */
      views: ViewTracker;
      logger: Logger;
      settings: EvictionSettings;
    },
  ) {
    this.catchUp = new CatchUp(deps.logger);
  }

  get settings(): EvictionSettings {
    return this.deps.settings;
  }

  /** The running totals, what eviction has removed included. */
  totals() {
    return this.deps.records.totals.read();
  }

  /** The disk's free and total bytes, or null when it cannot be read. */
  async disk(): Promise<{ free: number; total: number | null } | null> {
    const { dir, statfs } = this.deps.settings;
    const info = await (statfs ?? fsStatfs)(dir).catch(() => null);
    if (!info) return null;
    return {
      free: info.bavail * info.bsize,
      total: info.blocks === undefined ? null : info.blocks * info.bsize,
    };
  }

  /**
   * Bytes to evict so that `incoming` more fit under the cap and above the minimum free space. A
   * shortfall of free space larger than the whole cache is not the cache's to make up (other files
   * fill the disk, or `CACHE_MIN_FREE` is set past its size): emptying the cache every minute would
   * not reach it, so only the cap is kept then, and the admin is told (log, site health).
   */
  async overflow(incoming = 0): Promise<number> {
    const { maxBytes, minFreeBytes } = this.deps.settings;
    const { bytes } = await this.deps.records.totals.read();
    let needed = 0;
    if (maxBytes !== null) {
      const over = bytes + incoming - maxBytes;
      if (over > 0) needed = over + maxBytes * SLACK;
    }
    const disk = minFreeBytes > 0 ? await this.disk() : null;
    if (disk) {
      const short = minFreeBytes - (disk.free - incoming);
      this.noteReach(short > bytes, disk);
      if (short > 0 && short <= bytes) needed = Math.max(needed, short + minFreeBytes * SLACK);
    }
    return Math.ceil(needed);
  }

  private noteReach(outOfReach: boolean, disk: { free: number; total: number | null }): void {
    if (outOfReach && !this.minFreeOutOfReach) {
      const { minFreeBytes } = this.deps.settings;
      const facts = { minFreeBytes, freeBytes: disk.free, diskBytes: disk.total };
      // A setting no disk of this size can meet is told as what it is (the first check at start).
      if (disk.total !== null && minFreeBytes > disk.total) {
        this.deps.logger.warn(
          facts,
          'CACHE_MIN_FREE is larger than the whole disk: no image is stored in the cache (they are served without it); lower CACHE_MIN_FREE',
        );
      } else {
        this.deps.logger.warn(
          facts,
          'CACHE_MIN_FREE is more than emptying the whole image cache would free; the cache is left as it is and new images are served without being stored (lower CACHE_MIN_FREE or free the disk)',
        );
      }
    }
    this.minFreeOutOfReach = outOfReach;
  }

  /**
   * Before a write of `incoming` bytes (and in the background): evicts what the write would push
   * past the limits. Never fails the write: a failed eviction is logged and the next one retries.
   */
  async beforeWrite(incoming: number): Promise<void> {
    try {
      if (this.running) {
        await this.running;
        return;
      }
      if (Date.now() < this.quietUntil) return;
      const needed = await this.overflow(incoming);
      if (needed > 0) await this.evict(needed, { includeFavorites: false });
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'image cache eviction failed');
    }
  }

  /**
   * A write of `bytes` with room made first. One that would leave the disk below `CACHE_MIN_FREE`
   * all the same is refused before anything is written (the database keeps its headroom). One the
   * disk still refuses evicts what it needs and is tried once more. Either refusal is a
   * `StoreFullError` (ENOSPC: 507).
   */
  async writing<T>(bytes: number, write: () => Promise<T>): Promise<T> {
    await this.beforeWrite(bytes);
    await this.keepFloor(bytes);
    try {
      return await write();
    } catch (error) {
      if (!isDiskFull(error)) throw error;
      const room = bytes + this.deps.settings.minFreeBytes;
      const freed = await this.evict(room, { includeFavorites: false }).catch(() => null);
      if (!freed?.bytes) throw noRoom('the disk is full', error);
      return write().catch((again: unknown) => {
        throw isDiskFull(again) ? noRoom('the disk is full', again) : again;
      });
    }
  }

  /**
   * Whether writes are refused for now: the disk is below `CACHE_MIN_FREE` and eviction cannot
   * (or just could not) make it up. Background fetches (prefetch) wait for room rather than
   * fetch what would not be stored.
   */
  async refusing(): Promise<boolean> {
    const { minFreeBytes } = this.deps.settings;
    if (minFreeBytes <= 0 || !(this.minFreeOutOfReach || Date.now() < this.quietUntil))
      return false;
    const disk = await this.disk();
    return disk !== null && disk.free < minFreeBytes;
  }

  /** Refuses a write that would take the disk's free space below `CACHE_MIN_FREE`. */
  private async keepFloor(bytes: number): Promise<void> {
    const { minFreeBytes } = this.deps.settings;
    if (minFreeBytes <= 0) return;
    const disk = await this.disk();
    if (disk && disk.free - bytes < minFreeBytes) {
      throw noRoom(`${bytes} more bytes would leave less than CACHE_MIN_FREE free`);
    }
  }

  /** Evicts at least `bytes` (fewer when everything left is pinned), least recently viewed first. */
  async evict(bytes: number, options: { includeFavorites: boolean }): Promise<Evicted> {
    while (this.running) await this.running.catch(() => undefined);
    const run = this.run(bytes, options.includeFavorites);
    this.running = run;
    try {
      const evicted = await run;
      if (evicted.bytes < bytes) this.quietUntil = Date.now() + QUIET_AFTER_SHORTFALL_MS;
      if (evicted.files > 0) this.deps.logger.info({ ...evicted }, 'evicted images from the cache');
      return evicted;
    } finally {
      this.running = null;
    }
  }

  /** Checks the limits now and every minute (and writes down records a full database refused). */
  start(): void {
    const check = () => void this.catchUp.run().then(() => this.beforeWrite(0));
    check();
    this.timer = setInterval(check, CHECK_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  private async run(bytes: number, includeFavorites: boolean): Promise<Evicted> {
    await this.catchUp.run();
    await this.deps.views.flush();
    const needs = await this.deps.needs();
    const pins = includeFavorites ? null : await this.deps.leastViewed.favoritePins();
    const pinned = (c: EvictionCandidate) =>
      needs.images.has(`${c.kind}:${c.id}`) ||
      (c.workId !== null && needs.works.has(`${c.kind}:${c.workId}`));
    const evicted: Evicted = { files: 0, bytes: 0 };
    let skip = 0;
    while (evicted.bytes < bytes) {
      const page = await this.deps.leastViewed.page({ limit: PAGE, skip, pins });
      if (page.length === 0) break;
      for (const candidate of page) {
        if (evicted.bytes >= bytes) break;
        const gone = pinned(candidate) ? null : await this.evictOne(candidate);
        // Kept rows (and rows a full database kept) stay in the table and come again at the same
        // place: skip past them.
        if (!gone || gone.files === 0 || gone.rowLeft) skip++;
        evicted.files += gone?.files ?? 0;
        evicted.bytes += gone?.bytes ?? 0;
      }
    }
    if (evicted.files > 0) {
      await this.deps.generation.bump().catch((error: unknown) => {
        if (!isStorageFull(error)) throw error;
      });
    }
    return evicted;
  }

  private async evictOne(c: EvictionCandidate): Promise<Evicted & { rowLeft?: boolean }> {
    const { files, records } = this.deps;
    this.deps.forget(c.kind, c.id);
    const retired = await files.retire(c.kind, c.id, c.size);
    const forgetRow = () =>
      records.delete(c.kind, c.id, { size: c.size, cachedAt: c.cachedAt, evicted: true });
    let gone: Evicted;
    try {
      gone = await forgetRow();
    } catch (error) {
      if (!isStorageFull(error)) {
        if (retired) await files.restore(retired);
        throw error;
      }
      // No room to record it (a full disk): the file goes first, freeing room; its row goes once
      // the database takes writes (a view meanwhile finds no file and fetches it again).
      if (retired) await files.discard(retired);
      this.catchUp.add(`${c.kind}:${c.id}:${c.size}`, forgetRow);
      return retired ? { files: 1, bytes: c.bytes, rowLeft: true } : { files: 0, bytes: 0 };
    }
    if (retired) {
      // No row went: the file was written again since the candidate was read, so it stays.
      if (gone.files > 0) await files.discard(retired);
      else await files.restore(retired);
    }
    return gone;
  }
}

const isDiskFull = (error: unknown) => (error as { code?: unknown } | null)?.code === 'ENOSPC';

/** A write refused for lack of room, as the store itself refuses one (ENOSPC: 507). */
const noRoom = (why: string, cause?: unknown) =>
  new StoreFullError(`image not stored: ${why}`, { cause });
