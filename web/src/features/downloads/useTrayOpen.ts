import { useCallback, useState } from 'react';

/** localStorage: whether the tray is open; it starts closed (a badge) and stays as the user left it. */
export const TRAY_KEY = 'capshelf.downloads.tray';

export function useTrayOpen(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(() => {
    try {
      return localStorage.getItem(TRAY_KEY) === 'open';
    } catch {
      return false;
    }
  });
  const change = useCallback((next: boolean) => {
    setOpen(next);
    try {
      localStorage.setItem(TRAY_KEY, next ? 'open' : 'closed');
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  }, []);
  return [open, change];
}
