import type { User } from '@capshelf/contract';

/** localStorage keys of the session; the token is what the API client sends as the bearer. */
export const TOKEN_KEY = 'capshelf.token';
export const USER_KEY = 'capshelf.user';
/**
 * Where recent searches used to be kept, shared by every account of the browser. They are kept
 * per account on the server now; whatever an older page left here goes at sign-in and sign-out.
 */
export const LEGACY_SEARCH_HISTORY_KEY = 'fancaps-search-history';
/** Fired on window when the server refuses the held token; the session provider listens. */
export const LOGOUT_EVENT = 'capshelf:logout';

export function readToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function saveToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.removeItem(LEGACY_SEARCH_HISTORY_KEY);
}

export function saveUser(user: User): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearStoredSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(LEGACY_SEARCH_HISTORY_KEY);
}

/** The server refused the held token: drop it and tell the session provider. */
export function endRefusedSession(): void {
  clearStoredSession();
  window.dispatchEvent(new Event(LOGOUT_EVENT));
}
