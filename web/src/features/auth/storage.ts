import type { User } from '@capshelf/contract';

/** localStorage keys of the session; the token is what the API client sends as the bearer. */
export const TOKEN_KEY = 'capshelf.token';
export const USER_KEY = 'capshelf.user';
/** Fired on window when the server refuses the held token; the session provider listens. */
export const LOGOUT_EVENT = 'capshelf:logout';

export function readToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function saveToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function saveUser(user: User): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearStoredSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}

/** The server refused the held token: drop it and tell the session provider. */
export function endRefusedSession(): void {
  clearStoredSession();
  window.dispatchEvent(new Event(LOGOUT_EVENT));
}
