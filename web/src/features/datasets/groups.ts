import type { DropReason, ReviewFrame } from '@capshelf/contract';
import { finalState, type Overrides } from './decision';

/** What the review grid shows: the dropped frames in their groups, the kept ones, or every frame. */
export type ReviewView = 'dropped' | 'kept' | 'all';

/** A tile's caption as a catalogue key under `downloads:review.caption` with its values. */
export interface Caption {
  key: 'head' | DropReason | 'byYou' | 'keptByYou' | 'pending' | 'kept';
  count?: number;
}

export interface Arranged {
  frames: ReviewFrame[];
  captions: Map<number, Caption>;
  /** Groups in the dropped view: one per kept frame that others repeat, one per filter, one for the user's. */
  groups: number;
}

const QUALITY: readonly DropReason[] = ['dark', 'blank', 'blurry'];

/**
 * The frames of one view in order. The dropped view walks the groups: each kept frame that
 * others repeat, followed by them; then the frames each quality filter drops; then the frames
 * the user dropped. A frame the user kept stays in its group (shown kept), so it can be dropped again.
 */
export function arrange(
  frames: readonly ReviewFrame[],
  overrides: Overrides,
  view: ReviewView,
): Arranged {
  const captions = new Map<number, Caption>();
  const captionOf = (frame: ReviewFrame): Caption => {
    const state = finalState(frame, overrides);
    if (state === 'pending') return { key: 'pending' };
    if (state === 'kept') return { key: frame.state === 'dropped' ? 'keptByYou' : 'kept' };
    return { key: frame.reason ?? 'byYou' };
  };
  if (view !== 'dropped') {
    const shown = frames.filter((f) => view === 'all' || finalState(f, overrides) === 'kept');
    for (const frame of shown) captions.set(frame.image.id, captionOf(frame));
    return { frames: shown, captions, groups: 0 };
  }
  const byId = new Map(frames.map((f) => [f.image.id, f]));
  const repeats = new Map<number, ReviewFrame[]>();
  const filtered = new Map<DropReason, ReviewFrame[]>();
  const byYou: ReviewFrame[] = [];
  for (const frame of frames) {
    if (frame.state === 'dropped' && frame.matches !== null) {
      const list = repeats.get(frame.matches) ?? [];
      repeats.set(frame.matches, [...list, frame]);
    } else if (frame.state === 'dropped' && frame.reason) {
      filtered.set(frame.reason, [...(filtered.get(frame.reason) ?? []), frame]);
    } else if (finalState(frame, overrides) === 'dropped') byYou.push(frame);
  }
  const shown: ReviewFrame[] = [];
  const placed = new Set<number>();
  const place = (frame: ReviewFrame, caption: Caption) => {
    if (placed.has(frame.image.id)) return;
    placed.add(frame.image.id);
    shown.push(frame);
    captions.set(frame.image.id, caption);
  };
  for (const [headId, members] of repeats) {
    const head = byId.get(headId);
    if (head) place(head, { key: 'head', count: members.length });
    for (const member of members) place(member, captionOf(member));
  }
  for (const reason of QUALITY)
    for (const frame of filtered.get(reason) ?? []) place(frame, captionOf(frame));
  for (const frame of byYou) place(frame, captionOf(frame));
  const groups =
    repeats.size + QUALITY.filter((r) => filtered.has(r)).length + (byYou.length > 0 ? 1 : 0);
  return { frames: shown, captions, groups };
}
