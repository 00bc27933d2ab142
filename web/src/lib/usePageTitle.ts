import { useEffect } from 'react';

export const APP_NAME = 'capshelf';

/**
 * Sets the browser tab's title to the given parts, most specific first, then the app's name
 * (`第 3 集 · Hanabi · capshelf`). Empty parts are left out.
 */
export function usePageTitle(...parts: (string | null | undefined)[]) {
  const title = [...parts.filter(Boolean), APP_NAME].join(' · ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
