import type { ImageFacts, ImageStore, StoredImage } from '../images';
import { untilAborted } from './abort';
import type { DownloadItem } from './items';
import { isSourceUnavailable } from './pause';

/** Images fetched or hashed at once ahead of the one being looked at (the paced client limits the rest). */
const LOOKAHEAD = 6;
/** How far ahead of the one being looked at images may be fetched (past cached ones). */
const SCAN_AHEAD = 256;

type Prepared = { image: StoredImage; facts: ImageFacts | null } | { error: unknown };
/** What the cache holds of an image (its facts when known), or undefined. */
export type Stored = { image: StoredImage; facts: ImageFacts | null } | undefined;

/**
 * A job's images: what the cache holds of them, looked up in bulk, and the rest fetched in order a
 * few images ahead of the one being looked at.
 */
export class JobImages {
  constructor(private readonly store: ImageStore) {}

  fetch(item: DownloadItem): Promise<StoredImage> {
    return this.store.get(item.kind, item.id, item.size, item.compressed, {
      stopOn: isSourceUnavailable,
    });
  }

  /**
   * Each image of a group with its facts when they are needed, in order. What the cache holds is
   * looked up for the whole group at once and answers at once (no promise, no `stat`); the rest is
   * fetched (and hashed) a few images ahead of the one being looked at. An abort ends a wait at once.
   */
  prepareInOrder(
    items: DownloadItem[],
    stored: Stored[],
    needsFacts: boolean,
    signal: AbortSignal,
  ): { next(i: number): Prepared | Promise<Prepared> } {
    const ready = (i: number) => {
      const known = stored[i];
      return known && (!needsFacts || known.facts) ? known : null;
    };
    const prepare = async (i: number): Promise<Prepared> => {
      const item = items[i]!;
      try {
        const image = stored[i]?.image ?? (await this.fetch(item));
        const facts = needsFacts
          ? (stored[i]?.facts ??
            (await this.store.facts(item.kind, item.id, image).catch(() => null)))
          : null;
        return { image, facts };
      } catch (error) {
        return { error };
      }
    };
    const pending = new Map<number, Promise<Prepared>>();
    let scanned = 0;
    return {
      next(i) {
        signal.throwIfAborted();
        // Keep LOOKAHEAD images that need work under way, looking no further than SCAN_AHEAD.
        scanned = Math.max(scanned, i);
        while (scanned < items.length && pending.size < LOOKAHEAD && scanned < i + SCAN_AHEAD) {
          if (!ready(scanned)) pending.set(scanned, prepare(scanned));
          scanned++;
        }
        const known = ready(i);
        if (known) return known;
        const waiting = pending.get(i) ?? prepare(i);
        pending.delete(i);
        return untilAborted(waiting, signal);
      },
    };
  }

  /** What the cache holds of each item (one query per kind and size and a few hundred ids). */
  async storedOf(items: DownloadItem[]): Promise<Stored[]> {
    const bySource = new Map<string, DownloadItem[]>();
    for (const item of items) {
      const key = `${item.kind}:${item.size}:${item.compressed}`;
      const list = bySource.get(key);
      if (list) list.push(item);
      else bySource.set(key, [item]);
    }
    const found = new Map<string, { image: StoredImage; facts: ImageFacts | null }>();
    for (const [key, list] of bySource) {
      const { kind, size, compressed } = list[0]!;
      const stored = await this.store.storedMany(
        kind,
        list.map((item) => item.id),
        size,
        compressed,
      );
      for (const [id, entry] of stored) found.set(`${key}:${id}`, entry);
    }
    return items.map((item) =>
      found.get(`${item.kind}:${item.size}:${item.compressed}:${item.id}`),
    );
  }
}
