import type { ImageSize, Kind } from '../config';
import type { EpisodeRef, MovieRef } from '../upstream';

/** A whole-work task's work: the episodes were resolved when it was created. */
export interface WorkTask {
  work: { kind: Kind; id: number; title: string };
  /** In the work's order; a movie is its own one episode. */
  episodes: { id: number; title: string; ref: EpisodeRef | MovieRef }[];
  size: ImageSize;
  /** The review's overrides of the filter's decision (datasets/review-overrides.ts). */
  keepIds?: number[];
  dropIds?: number[];
}

/** Rough bytes per image of each size, for the free-space check before every task. */
export const TYPICAL_BYTES: Record<ImageSize, number> = {
  thumb: 30_000,
  small: 150_000,
  large: 600_000,
};
