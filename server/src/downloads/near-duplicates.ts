import type { NearDuplicatesResponse } from '@capshelf/contract';
import type { Kind } from '../config';
import { hammingDistance, type ImageStore } from '../images';
import type { UserBudget } from '../upstream';

/** How many thumbnails are hashed at once (most are cached: the grid has just shown them). */
const PARALLEL = 8;

/**
 * The grid's 隐藏相似帧: walks an episode's images in order and hides each one whose thumbnail
 * hash is within the threshold of the last image kept (a download's filter compares with every
 * frame kept before: datasets/filter.ts).
 */
export class NearDuplicateScan {
  constructor(private readonly deps: { store: ImageStore; budget: UserBudget }) {}

  async scan(kind: Kind, ids: number[], threshold: number): Promise<NearDuplicatesResponse> {
    const hashes = await this.hashes(kind, ids);
    const hidden: number[] = [];
    const unknown: number[] = [];
    let lastKept: string | null = null;
    ids.forEach((id, i) => {
      const hash = hashes[i]!;
      if (hash === null) unknown.push(id);
      else if (lastKept !== null && hammingDistance(hash, lastKept) <= threshold) hidden.push(id);
      else lastKept = hash;
    });
    return { hidden_ids: hidden, unknown_ids: unknown };
  }

  /** Each image's thumbnail hash, in order; null where the thumbnail could not be had. */
  private async hashes(kind: Kind, ids: number[]): Promise<(string | null)[]> {
    const { store, budget } = this.deps;
    // Hashes already stored with cached thumbnails come in one query; the rest are fetched and hashed.
    const stored = await store.storedMany(kind, ids, 'thumb');
    const hashes = ids.map((id) => stored.get(id)?.facts?.phash ?? null);
    const missing = ids.flatMap((_, i) => (hashes[i] === null ? [i] : []));
    // Only a scan that goes to the source counts against the user's limit.
    if (missing.length > 0) await budget.charge('scan');
    for (let start = 0; start < missing.length; start += PARALLEL) {
      await Promise.all(
        missing.slice(start, start + PARALLEL).map(async (i) => {
          const id = ids[i]!;
          try {
            const image = stored.get(id)?.image ?? (await store.get(kind, id, 'thumb'));
            hashes[i] = (await store.facts(kind, id, image)).phash;
          } catch {
            hashes[i] = null;
          }
        }),
      );
    }
    return hashes;
  }
}
