import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { hasCommandModifier } from '../../lib/shortcuts';

/** The attribute naming a tile's position in the grid as shown (on its focusable button). */
export const GRID_INDEX_ATTR = 'data-grid-index';

interface GridKeyboardOptions {
  gridRef: RefObject<HTMLElement | null>;
  count: number;
  columns: number;
  /** Brings a row into the virtual window, so its tiles exist to take focus. */
  scrollToRow: (row: number) => void;
  /** Space (`range` with Shift): the same as a click on the tile. */
  onToggle: (index: number, range: boolean) => void;
  /** Enter: the lightbox. */
  onOpen: (index: number) => void;
}

/** Where an arrow (or Home/End) moves from `index`; the same index when it cannot move. */
export function moveIndex(key: string, index: number, count: number, columns: number): number {
  const last = count - 1;
  switch (key) {
    case 'ArrowLeft':
      return Math.max(0, index - 1);
    case 'ArrowRight':
      return Math.min(last, index + 1);
    case 'ArrowUp':
      return index - columns >= 0 ? index - columns : index;
    case 'ArrowDown':
      // Into a shorter last row: its last tile.
      if (index + columns <= last) return index + columns;
      return Math.floor(index / columns) < Math.floor(last / columns) ? last : index;
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return index;
  }
}

/**
 * The focused tile's button: no ring of its own (the picture clips it), scroll margins that keep
 * it clear of the sticky selection bar.
 */
export const tileFocus = 'scroll-mt-32 scroll-mb-4 outline-hidden';
/**
 * The ring of the cell whose tile has keyboard focus: outside the selection's blue ring, orange
 * at 3:1 or more against light and dark pages alike.
 */
export const cellFocus =
  'rounded-md has-[[data-grid-index]:focus-visible]:outline-solid has-[[data-grid-index]:focus-visible]:outline-3 has-[[data-grid-index]:focus-visible]:outline-offset-4 has-[[data-grid-index]:focus-visible]:outline-orange-600';

const MOVES = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);

const tileIndex = (target: EventTarget): number | null => {
  const value = target instanceof Element ? target.getAttribute(GRID_INDEX_ATTR) : null;
  return value === null ? null : Number(value);
};

/**
 * Roving focus over a virtual grid of tiles: one tile is the grid's tab stop (`active`), the
 * arrows move focus between tiles (row by row for Up/Down), Space toggles the focused tile,
 * Shift+Space selects the range to it, Enter opens it. A tile scrolled out of the virtual window
 * is brought back before it takes focus.
 */
export function useGridKeyboard(options: GridKeyboardOptions) {
  const { gridRef, count, columns, scrollToRow, onToggle, onOpen } = options;
  const [active, setActive] = useState(0);
  // A tile that should take focus once its row is rendered.
  const pending = useRef<number | null>(null);

  const focusTile = useCallback(
    (index: number) => {
      const tile = gridRef.current?.querySelector<HTMLElement>(`[${GRID_INDEX_ATTR}="${index}"]`);
      if (!tile) return false;
      tile.focus();
      // Past the sticky selection bar (the tile's scroll margin) and back into view.
      tile.scrollIntoView?.({ block: 'nearest' });
      return true;
    },
    [gridRef],
  );

  // Every render may be the one that brought the pending tile's row in.
  useEffect(() => {
    if (pending.current !== null && focusTile(pending.current)) pending.current = null;
  });

  // Makes a tile the tab stop and focuses it, bringing its row back first if it scrolled away.
  const focusIndex = (next: number) => {
    setActive(next);
    if (!focusTile(next)) {
      pending.current = next;
      scrollToRow(Math.floor(next / columns));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const index = tileIndex(event.target);
    if (index === null || hasCommandModifier(event)) return;
    if (MOVES.has(event.key) && !event.shiftKey) {
      event.preventDefault();
      focusIndex(moveIndex(event.key, index, count, columns));
    } else if (event.key === ' ') {
      // Not the button's own click: that one knows nothing of Shift.
      event.preventDefault();
      onToggle(index, event.shiftKey);
    } else if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      onOpen(index);
    }
  };

  // A click or Tab onto a tile makes it the tab stop, so the arrows go on from there.
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const index = tileIndex(event.target);
    if (index !== null) setActive(index);
  };

  return { active: Math.min(active, Math.max(0, count - 1)), onKeyDown, onFocus, focusIndex };
}
