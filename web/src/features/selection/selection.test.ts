import { describe, expect, it } from 'vitest';
import { clickSelection, type SelectionState } from './selection';

const order = [10, 11, 12, 13, 14, 15];
const start: SelectionState = { selected: new Set(), anchor: null };
const ids = (state: SelectionState) => [...state.selected].sort((a, b) => a - b);

describe('clickSelection', () => {
  it('toggles one card per plain click and remembers it as the anchor', () => {
    const once = clickSelection(start, order, 12, false);
    expect(ids(once)).toEqual([12]);
    expect(once.anchor).toBe(12);
    expect(ids(clickSelection(once, order, 12, false))).toEqual([]);
  });

  it('selects the range from the last clicked card on SHIFT-click, either direction', () => {
    const anchored = clickSelection(start, order, 11, false);
    expect(ids(clickSelection(anchored, order, 14, true))).toEqual([11, 12, 13, 14]);
    const backwards = clickSelection(clickSelection(start, order, 14, false), order, 12, true);
    expect(ids(backwards)).toEqual([12, 13, 14]);
  });

  it('adds the range to what was chosen before and moves the anchor', () => {
    let state = clickSelection(start, order, 10, false);
    state = clickSelection(state, order, 13, false);
    state = clickSelection(state, order, 15, true);
    expect(ids(state)).toEqual([10, 13, 14, 15]);
    expect(state.anchor).toBe(15);
  });

  it('treats SHIFT-click without a visible anchor as a plain click', () => {
    expect(ids(clickSelection(start, order, 13, true))).toEqual([13]);
    const hidden = { selected: new Set([99]), anchor: 99 };
    expect(ids(clickSelection(hidden, order, 13, true))).toEqual([13, 99]);
  });
});
