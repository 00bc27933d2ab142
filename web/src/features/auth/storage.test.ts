import { beforeEach, describe, expect, it } from 'vitest';
import { clearStoredSession, LEGACY_SEARCH_HISTORY_KEY, saveToken } from './storage';

const leftover = JSON.stringify([{ query: 'private show', timestamp: 1, results_count: 3 }]);

describe('session storage', () => {
  beforeEach(() => localStorage.setItem(LEGACY_SEARCH_HISTORY_KEY, leftover));

  it('drops searches an older page kept in the browser when someone signs in', () => {
    saveToken('next-account');
    expect(localStorage.getItem(LEGACY_SEARCH_HISTORY_KEY)).toBeNull();
  });

  it('drops them when the account signs out too', () => {
    clearStoredSession();
    expect(localStorage.getItem(LEGACY_SEARCH_HISTORY_KEY)).toBeNull();
  });
});
