import { useLayoutEffect, useRef } from 'react';
import { GRID_INDEX_ATTR } from './useGridKeyboard';

/**
 * Where focus goes when the lightbox closes (radix gives it to a Dialog.Trigger, which the
 * lightbox has none of): the grid tile of the picture shown last, else what opened it.
 */
export function useLightboxFocus(index: number | null) {
  const opener = useRef<HTMLElement | null>(null);
  const shown = useRef<number | null>(null);
  const open = index !== null;
  // Before the dialog moves focus inside it (its own effects run after layout effects).
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement)
      opener.current = document.activeElement;
  }, [open]);
  if (index !== null) shown.current = index;

  return (event: Event) => {
    const tile = document.querySelector<HTMLElement>(`[${GRID_INDEX_ATTR}="${shown.current}"]`);
    const target = tile ?? (opener.current?.isConnected ? opener.current : null);
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
}
