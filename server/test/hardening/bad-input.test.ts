import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../helpers';
import { badRequests, hostileUrls } from './bad-requests';
import { expectContractError, snapshotData } from './checks';
import { startHardeningApp, type HardeningApp } from './fixture';
import { EXPECTED_ROUTE_KEYS, inputsOf, routeKey } from './routes';

/** Generated requests per route: enough to hit every kind of mutation, small enough to stay fast. */
const RUNS = 40;

let h: HardeningApp;
beforeAll(async () => {
  h = await startHardeningApp();
});
afterAll(async () => {
  await h?.t.close();
});

describe(`malformed input, signed in (${databaseKind})`, () => {
  it('covers every registered route', () => {
    expect(h.routes.map(routeKey)).toEqual(EXPECTED_ROUTE_KEYS);
  });

  it.each(EXPECTED_ROUTE_KEYS)(
    '%s refuses malformed input with a 4xx, storing nothing',
    async (key) => {
      const route = h.routes.find((r) => routeKey(r) === key)!;
      const requests = badRequests(
        route,
        inputsOf(h.table, route),
        // Admin routes are judged as an admin sees them; a user is stopped before any input.
        route.access === 'admin' ? h.adminHeaders : h.t.headers,
        hostileUrls('http://127.0.0.1:9'),
      );
      const before = await snapshotData(h.t);
      h.t.replica.resetCounts();
      await fc.assert(
        fc.asyncProperty(requests, async ({ what, ...request }) => {
          const res = await h.t.app.inject(request);
          expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
          expectContractError(res);
        }),
        { numRuns: RUNS },
      );
      expect(await snapshotData(h.t)).toEqual(before);
      expect(h.t.upstreamRequests()).toBe(0);
    },
  );
});
