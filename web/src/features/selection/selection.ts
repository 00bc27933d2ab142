/** Chosen image ids plus the card clicked last, the anchor of a SHIFT-click range. */
export interface SelectionState {
  selected: ReadonlySet<number>;
  anchor: number | null;
}

export const emptySelection: SelectionState = { selected: new Set(), anchor: null };

/**
 * A click toggles one card; a SHIFT-click selects every card from the last clicked one to this
 * one in `order` (the grid as shown). Without a usable anchor a SHIFT-click is a plain click.
 */
export function clickSelection(
  state: SelectionState,
  order: readonly number[],
  id: number,
  shift: boolean,
): SelectionState {
  const selected = new Set(state.selected);
  const from = state.anchor === null ? -1 : order.indexOf(state.anchor);
  const to = order.indexOf(id);
  if (shift && from !== -1 && to !== -1) {
    const [low, high] = from < to ? [from, to] : [to, from];
    for (const rangeId of order.slice(low, high + 1)) selected.add(rangeId);
  } else if (selected.has(id)) {
    selected.delete(id);
  } else {
    selected.add(id);
  }
  return { selected, anchor: id };
}

export function selectIds(state: SelectionState, ids: readonly number[]): SelectionState {
  return { selected: new Set([...state.selected, ...ids]), anchor: state.anchor };
}
