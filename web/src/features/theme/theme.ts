import { useEffect } from 'react';
import { Theme } from '@capshelf/contract';

/** The theme last used in this browser: what the login page shows before anyone signs in. */
export const THEME_KEY = 'capshelf.theme';
export const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The two schemes the page is painted in; `system` resolves to one of them. */
export type Scheme = 'light' | 'dark';

export function storedTheme(): Theme {
  const parsed = Theme.safeParse(localStorage.getItem(THEME_KEY));
  return parsed.success ? parsed.data : 'system';
}

export function resolveScheme(theme: Theme, systemPrefersDark: boolean): Scheme {
  if (theme === 'system') return systemPrefersDark ? 'dark' : 'light';
  return theme;
}

/**
 * Paints the document in `scheme`: `data-theme` drives the stylesheet's dark palette and
 * `color-scheme` the browser's own controls and scrollbars. public/theme-boot.js does the same
 * before the bundle loads.
 */
export function paintScheme(scheme: Scheme): void {
  const root = document.documentElement;
  root.dataset.theme = scheme;
  root.style.colorScheme = scheme;
}

/**
 * Applies `theme` (the signed-in user's, else the one last used in this browser) and
 * remembers it here; `system` follows `prefers-color-scheme` live while it is chosen.
 */
export function useApplyTheme(userTheme: Theme | undefined): void {
  useEffect(() => {
    if (userTheme) localStorage.setItem(THEME_KEY, userTheme);
    const theme = userTheme ?? storedTheme();
    const media = window.matchMedia?.(DARK_QUERY);
    const paint = () => paintScheme(resolveScheme(theme, media?.matches ?? false));
    paint();
    if (theme !== 'system' || !media) return;
    media.addEventListener('change', paint);
    return () => media.removeEventListener('change', paint);
  }, [userTheme]);
}
