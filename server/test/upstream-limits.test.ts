import { KEY_IDS, episodeById } from '@capshelf/replica';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';

/**
 * Per-user limits on the calls that cost the source many requests: past a user's limit the answer
 * is 429 with Retry-After in the contract's error shape, other users are not limited by it, and
 * answers the cache holds stay free.
 */

const big = episodeById(KEY_IDS.bigEpisode)!.imageIds;

let t: BrowseApp;
beforeAll(async () => {
  t = await startBrowseApp({
    USER_UNCACHED_LISTINGS: '2',
    USER_NEAR_DUPLICATE_SCANS: '2',
    USER_UPSTREAM_WINDOW: '10m',
  });
});
afterAll(async () => {
  await t.close();
});

const search = (query: string, headers: { authorization: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/search',
    headers,
    payload: { query, content_type: 'all' },
  });

const scan = (ids: number[], headers: { authorization: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/download/near-duplicates',
    headers,
    payload: { kind: 'anime', image_ids: ids, threshold: 6 },
  });

function expectLimited(res: Awaited<ReturnType<typeof search>>, limit: string): void {
  expect(res.statusCode).toBe(429);
  const seconds = Number(res.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(600);
  expect(res.json()).toMatchObject({
    code: 'TOO_MANY_REQUESTS',
    retry_after: seconds,
    limit,
  });
  expect(res.json().detail).toMatch(/过于频繁，请在 \d+ 秒后重试/);
}

describe(`per-user limits on upstream-costly calls (${databaseKind})`, () => {
  it('answers 429 with Retry-After past a user’s uncached listings; cached ones and other users go on', async () => {
    const alice = t.headers;
    const bob = await t.userHeaders('bob-listings@example.com');
    expect((await search('hanabi', alice)).statusCode).toBe(200);
    expect((await search('lighthouse', alice)).statusCode).toBe(200);
    const before = t.upstreamRequests();
    expectLimited(await search('ladybug', alice), 'listing');
    expect(t.upstreamRequests()).toBe(before);
    // What the cache holds costs the source nothing and stays open to her.
    const cached = await search('hanabi', alice);
    expect(cached.statusCode).toBe(200);
    expect(cached.json().cached).toBe(true);
    // Bob has his own allowance.
    expect((await search('ladybug', bob)).statusCode).toBe(200);
  });

  it('answers 429 past a user’s near-duplicate scans that fetch; scans of cached thumbnails are free', async () => {
    const carol = await t.userHeaders('carol@example.com');
    const dave = await t.userHeaders('dave@example.com');
    expect((await scan(big.slice(0, 4), carol)).statusCode).toBe(200);
    expect((await scan(big.slice(4, 8), carol)).statusCode).toBe(200);
    // Every thumbnail cached now: no request to the source, nothing counted.
    expect((await scan(big.slice(0, 8), carol)).statusCode).toBe(200);
    const before = t.upstreamRequests();
    expectLimited(await scan(big.slice(8, 12), carol), 'scan');
    expect(t.upstreamRequests()).toBe(before);
    expect((await scan(big.slice(8, 12), dave)).statusCode).toBe(200);
  });
});
