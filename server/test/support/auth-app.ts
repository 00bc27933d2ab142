import { afterEach, beforeEach } from 'vitest';
import { startTestApp, type TestApp } from '../helpers';

/** The auth test files' app, fresh for every test; bound by `useFreshApp`. */
export let t: TestApp;

export function useFreshApp() {
  beforeEach(async () => {
    t = await startTestApp();
  });
  afterEach(async () => {
    await t.close();
  });
}

export const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
export const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
