import type { NearDuplicateScope, QualityFilter, SkippedReasons } from '@capshelf/contract';
import { HashIndex } from './hash-index';
import type { ImageMeasures } from '../images/measures';
import { qualityReason } from './quality';

/** What frames a download task leaves out (`filterOf` its dataset options). */
export interface DatasetFilter {
  nearDuplicates: { scope: NearDuplicateScope; threshold: number } | null;
  quality: QualityFilter[];
}

export type DropReason = keyof SkippedReasons;

export function noneSkipped(): SkippedReasons {
  return { near_duplicate: 0, dark: 0, blank: 0, blurry: 0 };
}

/** A frame left out: why, and for a near-duplicate the kept frame it repeats. */
export interface Dropped<T> {
  reason: DropReason;
  matches: T | null;
}

/**
 * Walks frames in order (episode order, then each episode's listing) and tells which to leave
 * out: first the quality filters, then a near-duplicate of any frame kept so far in the scope (so
 * the first occurrence is kept, and a dropped frame never stands for others). `T` names a frame.
 */
export class FrameSieve<T> {
  private kept: HashIndex<T>;

  constructor(private readonly filter: DatasetFilter) {
    this.kept = this.emptyIndex();
  }

  private emptyIndex(): HashIndex<T> {
    return new HashIndex<T>(this.filter.nearDuplicates?.threshold ?? 0);
  }

  /** A new episode begins: with the `episode` scope, earlier frames no longer count. */
  nextEpisode(): void {
    if (this.filter.nearDuplicates?.scope === 'episode') this.kept = this.emptyIndex();
  }

  consider(frame: T, facts: ImageMeasures & { phash: string }): Dropped<T> | null {
    const quality = qualityReason(facts, this.filter.quality);
    if (quality) return { reason: quality, matches: null };
    const near = this.filter.nearDuplicates;
    if (near) {
      const match = this.kept.nearest(facts.phash);
      if (match) return { reason: 'near_duplicate', matches: match.value };
    }
    this.kept.add(facts.phash, frame);
    return null;
  }
}
