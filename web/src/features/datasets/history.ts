import type { TagEdits } from '@capshelf/contract';
import { NO_OVERRIDES, type Overrides } from './decision';

/** What the user decided on the review: frames turned, and tags removed or replaced. */
export interface ReviewWork {
  overrides: Overrides;
  tagEdits: TagEdits;
}

export const NO_TAG_EDITS: TagEdits = { remove: [], replace: [] };
export const NO_WORK: ReviewWork = { overrides: NO_OVERRIDES, tagEdits: NO_TAG_EDITS };

/** Steps 撤销 can go back at most. */
const UNDO_DEPTH = 500;

/** The decisions now, and each state before a change (撤销 goes back to the last one). */
export interface History {
  present: ReviewWork;
  past: readonly ReviewWork[];
}

export const startAt = (present: ReviewWork): History => ({ present, past: [] });

/** One more decision (a frame turned, a tag edited): the state before it can be undone to. */
export function change(history: History, next: (work: ReviewWork) => ReviewWork): History {
  return {
    present: next(history.present),
    past: [...history.past, history.present].slice(-UNDO_DEPTH),
  };
}

export function undo(history: History): History {
  const previous = history.past.at(-1);
  return previous ? { present: previous, past: history.past.slice(0, -1) } : history;
}

/** A tag removed everywhere (again: nothing changes). */
export function removeTag(edits: TagEdits, tag: string): TagEdits {
  return edits.remove.includes(tag) ? edits : { ...edits, remove: [...edits.remove, tag] };
}

/** A tag replaced by another (a second replacement of the same tag takes its place). */
export function replaceTag(edits: TagEdits, from: string, to: string): TagEdits {
  return {
    remove: edits.remove.filter((tag) => tag !== from),
    replace: [...edits.replace.filter((r) => r.from !== from), { from, to }],
  };
}

/** A removal or replacement taken back. */
export function restoreTag(edits: TagEdits, tag: string): TagEdits {
  return {
    remove: edits.remove.filter((t) => t !== tag),
    replace: edits.replace.filter((r) => r.from !== tag),
  };
}
