import type { ImageSize, Kind } from '../config';
import type { DatasetFilter, LayoutOptions } from '../datasets';
import type { EpisodeRef, MovieRef } from '../upstream';
import type { DownloadRow } from './rows';

/** A whole-work job as stored with its task: the episodes were resolved when it was created. */
export interface WorkJobRequest {
  work: { kind: Kind; id: number; title: string };
  /** In the work's order; a movie is its own one episode. */
  episodes: { id: number; title: string; ref: EpisodeRef | MovieRef }[];
  size: ImageSize;
  /** As tasks before the dataset filter (021) stored it: the filter is `dataset_filter` now. */
  skipNearDuplicates: boolean;
  threshold: number;
  metadata: boolean;
  /** The archive's layout; absent on tasks before it (plain). */
  layout?: LayoutOptions;
  /** The review's overrides of the filter's decision (datasets/review-overrides.ts). */
  keepIds?: number[];
  dropIds?: number[];
}

/**
 * What frames a task leaves out: its stored filter, or for a whole-work task created before it
 * existed, near-duplicates within each episode as that task was asked.
 */
export function filterOfTask(
  task: Pick<DownloadRow, 'dataset_filter'>,
  request: WorkJobRequest | null,
): DatasetFilter | null {
  if (task.dataset_filter) return JSON.parse(task.dataset_filter) as DatasetFilter;
  if (!request?.skipNearDuplicates) return null;
  return { nearDuplicates: { scope: 'episode', threshold: request.threshold }, quality: [] };
}

/** Rough bytes per image of each size, for the free-space check before every task. */
export const TYPICAL_BYTES: Record<ImageSize, number> = {
  thumb: 30_000,
  small: 150_000,
  large: 600_000,
};
