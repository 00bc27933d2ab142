import { api, type Route } from '@capshelf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers';

// The contract's route table is the API: the server registers every entry of it and nothing
// beside it, so the page can never call a path the server does not have, or miss one it has.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Every entry of the table, however deep its groups nest. */
function contractRoutes(table: object): Route[] {
  return Object.values(table).flatMap((entry: object) =>
    'method' in entry && 'path' in entry ? [entry as Route] : contractRoutes(entry),
  );
}

const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

describe('the contract route table', () => {
  it('holds each route once', () => {
    const keys = contractRoutes(api).map(key);
    expect(keys.length).toBeGreaterThan(80);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is what the server registered: every API and feed route, and nothing else', () => {
    const registered = t.app.routeAccess
      .filter((route) => route.method !== 'HEAD')
      .filter((route) => route.url.startsWith('/api/') || route.url.startsWith('/feeds/'))
      .map((route) => key({ method: route.method, path: route.url.replace(/(.)\/$/, '$1') }));
    expect([...new Set(registered)].sort()).toEqual(contractRoutes(api).map(key).sort());
  });
});
