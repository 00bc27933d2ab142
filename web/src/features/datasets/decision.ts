import type { DatasetReviewResponse, DropReason, ReviewFrame } from '@capshelf/contract';

/** The user's own decisions on the review screen: frames to keep, frames to drop, whatever the filter says. */
export interface Overrides {
  keep: ReadonlySet<number>;
  drop: ReadonlySet<number>;
}

export const NO_OVERRIDES: Overrides = { keep: new Set(), drop: new Set() };

export type FinalState = 'kept' | 'dropped' | 'pending';

/** A frame's state once the user's decisions are applied (a frame not yet measured stays pending). */
export function finalState(frame: ReviewFrame, overrides: Overrides): FinalState {
  if (overrides.keep.has(frame.image.id)) return 'kept';
  if (overrides.drop.has(frame.image.id)) return 'dropped';
  if (frame.state === 'dropped') return 'dropped';
  return frame.state === 'pending' ? 'pending' : 'kept';
}

/** The decisions with one frame turned the other way (a frame not yet measured is kept). */
export function toggle(overrides: Overrides, frame: ReviewFrame): Overrides {
  const id = frame.image.id;
  const keep = new Set(overrides.keep);
  const drop = new Set(overrides.drop);
  keep.delete(id);
  drop.delete(id);
  if (finalState(frame, overrides) === 'kept') drop.add(id);
  else keep.add(id);
  return { keep, drop };
}

export interface Tally {
  images: number;
  pending: number;
  kept: number;
  dropped: number;
  /** Frames still dropped for each filter reason. */
  byReason: Record<DropReason, number>;
  /** Frames the user turned: kept against the filter, dropped against it. */
  keptByYou: number;
  droppedByYou: number;
}

export function tally(review: DatasetReviewResponse, overrides: Overrides): Tally {
  const result: Tally = {
    images: review.images,
    pending: 0,
    kept: 0,
    dropped: 0,
    byReason: { near_duplicate: 0, dark: 0, blank: 0, blurry: 0 },
    keptByYou: 0,
    droppedByYou: 0,
  };
  for (const frame of review.frames) {
    const state = finalState(frame, overrides);
    result[state]++;
    if (state === 'dropped' && frame.reason) result.byReason[frame.reason]++;
    if (state === 'dropped' && !frame.reason) result.droppedByYou++;
    if (state === 'kept' && frame.state === 'dropped') result.keptByYou++;
  }
  return result;
}

/** What the job request carries of the user's decisions (only what turns the filter's). */
export function overrideFields(review: DatasetReviewResponse | undefined, overrides: Overrides) {
  const base = new Map(review?.frames.map((f) => [f.image.id, f.state]));
  const keep = [...overrides.keep].filter((id) => base.get(id) !== 'kept');
  const drop = [...overrides.drop].filter((id) => base.get(id) !== 'dropped');
  return {
    ...(keep.length > 0 ? { keep_image_ids: keep } : {}),
    ...(drop.length > 0 ? { drop_image_ids: drop } : {}),
  };
}
