import type { DropReason, Dropped } from './filter';

/**
 * The review's decision (制作数据集) on top of the filter's: a frame the user kept goes into the
 * archive even when the filter drops it, one the user dropped stays out. The filter still walks
 * every frame as without them, so the frames it keeps and drops are the ones the review showed.
 */
export class ReviewOverrides {
  private readonly keep: ReadonlySet<number>;
  private readonly drop: ReadonlySet<number>;

  constructor(request: { keepIds?: number[]; dropIds?: number[] } | null) {
    this.keep = new Set(request?.keepIds ?? []);
    this.drop = new Set(request?.dropIds ?? []);
  }

  /** Why the frame stays out (null: no counted reason, the user dropped it), or undefined: it goes in. */
  apply<T>(id: number, filtered: Dropped<T> | null): { reason: DropReason | null } | undefined {
    if (this.keep.has(id)) return undefined;
    if (filtered) return filtered;
    return this.drop.has(id) ? { reason: null } : undefined;
  }
}
