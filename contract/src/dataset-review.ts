import { z } from 'zod';
import { ImageItem } from './browse';
import { DatasetOptions, SkippedReasons } from './dataset-options';
import { workScopeFields } from './downloads';

/**
 * POST /datasets/review (制作数据集): what a whole-work job with these options would keep and
 * drop, from what is listed and measured so far. Asked again, it reads on where it stopped.
 */
export const DatasetReviewRequest = z.object({
  ...workScopeFields,
  /** The job's options, as its request sends them: the review reads what frames they leave out. */
  ...DatasetOptions.shape,
  /** Frames the caller already has settled (kept or dropped): the answer lists those after it. */
  offset: z.number().int().min(0).max(1_000_000).default(0),
});
export type DatasetReviewRequest = z.input<typeof DatasetReviewRequest>;

export const DropReason = z.enum(['near_duplicate', 'dark', 'blank', 'blurry']);
export type DropReason = z.infer<typeof DropReason>;

/** Most frames one review answer carries. */
export const MAX_REVIEW_FRAMES = 5000;

/** One frame in the job's order and the filter's decision on it. */
export const ReviewFrame = z.object({
  image: ImageItem,
  episode_id: z.number().int(),
  /**
   * `pending`: not measured yet; `unmeasured`: its image could not be read (the job keeps such a
   * frame, and this review asks again next time).
   */
  state: z.enum(['kept', 'dropped', 'pending', 'unmeasured']),
  reason: DropReason.nullable(),
  /** A near-duplicate: the id of the kept frame it repeats. */
  matches: z.number().int().nullable(),
});
export type ReviewFrame = z.infer<typeof ReviewFrame>;

export const ReviewEpisode = z.object({
  id: z.number().int(),
  title: z.string(),
  /** `waiting`: its listing is read after the episodes before it. */
  listing: z.enum(['done', 'running', 'waiting', 'failed']),
  images: z.number().int(),
});
export type ReviewEpisode = z.infer<typeof ReviewEpisode>;

export const DatasetReviewResponse = z.object({
  work_title: z.string(),
  /** Every listing read and every listed frame measured (or unreadable): nothing more will come. */
  complete: z.boolean(),
  episodes: z.array(ReviewEpisode),
  /** Frames listed so far; of them measured, kept and dropped (by reason). */
  images: z.number().int(),
  measured: z.number().int(),
  kept: z.number().int(),
  dropped: z.number().int(),
  reasons: SkippedReasons,
  /** Frames from `offset` on, at most MAX_REVIEW_FRAMES; the next call asks from where they end. */
  offset: z.number().int(),
  frames: z.array(ReviewFrame),
});
export type DatasetReviewResponse = z.infer<typeof DatasetReviewResponse>;

/**
 * How many leading frames are settled (kept or dropped): their decision never changes, so the
 * next review call asks from there (`offset`) and the caller keeps what it has before it.
 */
export function settledCount(frames: readonly ReviewFrame[]): number {
  const index = frames.findIndex((f) => f.state !== 'kept' && f.state !== 'dropped');
  return index < 0 ? frames.length : index;
}
