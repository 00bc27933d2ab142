import { fromStorageFull } from '../errors';
import type { Logger } from '../logger';

/** Whether an error is a full disk or database (ENOSPC, SQLITE_FULL, Postgres' disk_full). */
export const isStorageFull = (error: unknown) => fromStorageFull(error) !== null;

/**
 * Database writes a full database refused after their files were already gone (eviction on a full
 * disk deletes first): kept in memory and tried again until the database takes them. A restart
 * loses them; the rows they would have removed name files that are gone, which a view fetches
 * again and the next eviction that meets them removes.
 */
export class CatchUp {
  private readonly pending = new Map<string, () => Promise<unknown>>();
  private running: Promise<void> | null = null;

  constructor(private readonly logger: Logger) {}

  get size(): number {
    return this.pending.size;
  }

  /** `key`: the write's object, so a later write of the same object replaces an earlier one. */
  add(key: string, write: () => Promise<unknown>): void {
    this.pending.set(key, write);
  }

  /** Tries each again, in order; stops at the first the database still refuses for lack of room. */
  run(): Promise<void> {
    if (this.pending.size === 0) return Promise.resolve();
    this.running ??= this.tryAll().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async tryAll(): Promise<void> {
    for (const [key, write] of this.pending) {
      try {
        await write();
      } catch (error) {
        if (isStorageFull(error)) return;
        this.logger.warn({ err: error, key }, 'a cache record that was left behind failed again');
      }
      this.pending.delete(key);
    }
  }
}
