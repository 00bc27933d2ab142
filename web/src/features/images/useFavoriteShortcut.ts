import type { RefObject } from 'react';
import { useShortcut } from '../../lib/shortcuts';

/** Marks the wrapper of the lightbox's ♥ button. */
export const FAVORITE_SLOT = { 'data-shortcut': 'favorite' } as const;

/**
 * The lightbox's `f`: presses its ♥ button, so the key does exactly what the button does
 * (optimistic change, the login question, nothing while it is disabled or saving).
 */
export function useFavoriteShortcut(dialog: RefObject<HTMLElement | null>, enabled: boolean) {
  useShortcut(
    'f',
    () =>
      dialog.current
        ?.querySelector<HTMLButtonElement>(
          `[data-shortcut="${FAVORITE_SLOT['data-shortcut']}"] button`,
        )
        ?.click(),
    { enabled, dialog },
  );
}
