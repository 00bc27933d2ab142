import { useSyncExternalStore } from 'react';
import { useMediaQuery } from '../../lib/useMediaQuery';

/** localStorage: whether the docked tray is open; it starts closed and stays as the user left it. */
export const TRAY_KEY = 'capshelf.downloads.tray';
/** Wide enough for the tray to sit beside the page (the page narrows) instead of over it. */
export const DOCKED_QUERY = '(min-width: 1280px)';

function stored(): boolean {
  try {
    return localStorage.getItem(TRAY_KEY) === 'open';
  } catch {
    return false;
  }
}

// One state for the header's button, the tray and the page shell that makes room for it.
// Read on first use, not at import, so a reload (or a test) sees what is stored then.
let docked: boolean | null = null;
let sheet = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Whether the tray is open, and whether it is docked. Docked (a wide screen) it is a column
 * beside the page and the choice is remembered; elsewhere it is a sheet over the page, open
 * only until the user closes it, so it never follows them onto the next visit.
 */
export function useTrayOpen(): {
  open: boolean;
  docked: boolean;
  setOpen: (next: boolean) => void;
} {
  const wide = useMediaQuery(DOCKED_QUERY);
  const open = useSyncExternalStore(subscribe, () => (wide ? (docked ??= stored()) : sheet));
  const setOpen = (next: boolean) => {
    if (wide) {
      docked = next;
      try {
        localStorage.setItem(TRAY_KEY, next ? 'open' : 'closed');
      } catch {
        // Private mode: the choice lasts for this page only.
      }
    } else {
      sheet = next;
    }
    for (const listener of listeners) listener();
  };
  return { open, docked: wide, setOpen };
}

/** Forgets the module's state, so the next render reads what is stored (a test file's start). */
export function resetTrayState(): void {
  docked = null;
  sheet = false;
}
