import type { Kysely } from 'kysely';
import type { ImageSize, Kind } from '../config';
import type { Database } from '../db';
import type { Logger } from '../logger';

/** How often views kept in memory are written down: the least-recently-viewed order's grain. */
const FLUSH_EVERY_MS = 30_000;
/** Ids per update (well under every dialect's limit of bound parameters). */
const IDS_PER_UPDATE = 500;

/**
 * When each cached file was last served, for least-recently-viewed eviction. A view costs a map
 * entry, not a database write: the files seen since the last flush are stamped with the flush's
 * time, one update per kind, size and few hundred ids. A flush that fails (a full database) drops
 * its batch: the order it would have refined is a hint, and the image was served all the same.
 */
export class ViewTracker {
  private seen = new Map<string, { kind: Kind; id: number; size: ImageSize }>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly logger: Logger,
  ) {}

  viewed(kind: Kind, id: number, size: ImageSize): void {
    const key = `${kind}:${size}:${id}`;
    if (!this.seen.has(key)) this.seen.set(key, { kind, id, size });
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** Writes down the views seen since the last flush. */
  async flush(): Promise<void> {
    if (this.seen.size === 0) return;
    const batch = this.seen;
    this.seen = new Map();
    const now = new Date().toISOString();
    const groups = new Map<string, { kind: Kind; size: ImageSize; ids: number[] }>();
    for (const { kind, id, size } of batch.values()) {
      const group = groups.get(`${kind}:${size}`) ?? { kind, size, ids: [] };
      group.ids.push(id);
      groups.set(`${kind}:${size}`, group);
    }
    try {
      for (const { kind, size, ids } of groups.values()) {
        for (let start = 0; start < ids.length; start += IDS_PER_UPDATE) {
          await this.db
            .updateTable('cached_images')
            .set({ viewed_at: now })
            .where('kind', '=', kind)
            .where('size', '=', size)
            .where('id', 'in', ids.slice(start, start + IDS_PER_UPDATE))
            .execute();
          // SQLite runs each update on this thread: requests go between them (16,384 views in
          // one go held every answer for 60 ms).
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
    } catch (error) {
      this.logger.warn({ err: error, views: batch.size }, 'could not write down image views');
    }
  }
}
