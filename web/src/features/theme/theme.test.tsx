import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Theme } from '@capshelf/contract';
import { DARK_QUERY, THEME_KEY, storedTheme, useApplyTheme } from './theme';

/** A controllable `prefers-color-scheme: dark`: `set(true)` is the system turning dark. */
function stubSystemScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    matches: dark,
    media: DARK_QUERY,
    addEventListener: vi.fn((_type: string, listener: () => void) => listeners.add(listener)),
    removeEventListener: vi.fn((_type: string, listener: () => void) => listeners.delete(listener)),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => media),
  );
  return {
    listeners,
    set(next: boolean) {
      media.matches = next;
      for (const listener of listeners) listener();
    },
  };
}

const painted = () => ({
  theme: document.documentElement.dataset.theme,
  colorScheme: document.documentElement.style.colorScheme,
});

describe('theme', () => {
  beforeEach(() => {
    delete document.documentElement.dataset.theme;
    document.documentElement.style.colorScheme = '';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('follows the system by default, live, and stops listening when unmounted', () => {
    const system = stubSystemScheme(false);
    const hook = renderHook(() => useApplyTheme(undefined));
    expect(painted()).toEqual({ theme: 'light', colorScheme: 'light' });

    system.set(true);
    expect(painted()).toEqual({ theme: 'dark', colorScheme: 'dark' });
    system.set(false);
    expect(painted().theme).toBe('light');

    hook.unmount();
    expect(system.listeners.size).toBe(0);
  });

  it("applies the user's choice, ignores the system while it is fixed, and remembers it here", () => {
    const system = stubSystemScheme(false);
    const hook = renderHook(({ theme }: { theme: Theme }) => useApplyTheme(theme), {
      initialProps: { theme: 'dark' },
    });
    expect(painted()).toEqual({ theme: 'dark', colorScheme: 'dark' });
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    expect(system.listeners.size).toBe(0);

    hook.rerender({ theme: 'light' });
    expect(painted().theme).toBe('light');
    system.set(true);
    expect(painted().theme).toBe('light');

    hook.rerender({ theme: 'system' });
    expect(painted().theme).toBe('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('system');
    system.set(false);
    expect(painted().theme).toBe('light');
  });

  it('before login shows the theme last used in this browser, else the system', () => {
    stubSystemScheme(true);
    expect(storedTheme()).toBe('system');
    localStorage.setItem(THEME_KEY, 'light');
    renderHook(() => useApplyTheme(undefined));
    expect(painted().theme).toBe('light');

    localStorage.setItem(THEME_KEY, 'not-a-theme');
    expect(storedTheme()).toBe('system');
  });
});
