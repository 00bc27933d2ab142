import { useSyncExternalStore } from 'react';

/** The shortcut list's open state, shared by the `?` key and the user menu's entry. */
let state: { open: boolean; returnTo: HTMLElement | null } = { open: false, returnTo: null };
const listeners = new Set<() => void>();

function set(next: typeof state) {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * Where focus goes back to when the list closes: what had focus when it opened, or, for a menu
 * entry (gone once the menu closes), the button that opened the menu.
 */
function returnTarget(): HTMLElement | null {
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const menu = focused?.closest('[role="menu"]');
  const trigger = menu && document.getElementById(menu.getAttribute('aria-labelledby') ?? '');
  return trigger ?? focused;
}

export function openShortcutHelp(): void {
  set({ open: true, returnTo: returnTarget() });
}

export function closeShortcutHelp(): void {
  set({ ...state, open: false });
}

export function useShortcutHelp() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
