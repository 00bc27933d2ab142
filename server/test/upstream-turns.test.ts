import { KEY_IDS, episodeById } from '@capshelf/replica';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';

/**
 * Over HTTP, as users use it: one user's near-duplicate scans fill the thumbnail host's lane, and
 * another user's first thumbnail goes to the source after at most one of the flood's waiting
 * requests, not after all of them (the request's user reaches the paced client by itself).
 */

const big = episodeById(KEY_IDS.bigEpisode)!.imageIds;

let t: BrowseApp;
beforeAll(async () => {
  t = await startBrowseApp({ UPSTREAM_THUMB_CONCURRENCY: '1' });
});
afterAll(async () => {
  await t.close();
});

describe(`upstream turns per user over HTTP (${databaseKind})`, () => {
  it("bob's thumbnail overtakes alice's queued near-duplicate scans", async () => {
    // Each thumbnail takes 40 ms at the source: the steps below leave the lane's order readable even
    // when a loaded machine delays bob's request by a few of them.
    t.replica.setFault('ant', { type: 'slow', delayMs: 40 });
    const alice = t.headers;
    const bob = await t.userHeaders('bob@example.com');
    const scans = [0, 1, 2].map((n) =>
      t.app.inject({
        method: 'POST',
        url: '/api/download/near-duplicates',
        headers: alice,
        payload: { kind: 'anime', image_ids: big.slice(n * 24, n * 24 + 24), threshold: 6 },
      }),
    );
    // Three scans keep 24 thumbnails waiting in the lane.
    while (t.replica.counts().hosts.ant < 4) await new Promise((r) => setTimeout(r, 5));
    const before = t.replica.counts().hosts.ant;
    const thumb = await t.app.inject({
      method: 'GET',
      url: `/api/images/${big[700]}.jpg?kind=anime&size=thumb`,
      headers: bob,
    });
    expect(thumb.statusCode).toBe(200);
    const order = t.replica.counts().requests.filter((r) => r.host === 'ant');
    const position = order.findIndex((r) => r.target.endsWith(`/${big[700]}.jpg`));
    // One in flight when bob asked, one of alice's turns, then bob's, with slack for those that
    // started between the count and bob's request reaching the lane (up to ~120 ms on a loaded
    // machine; in one full run 60 ms passed). In turn after the flood, bob's would come 20 or more
    // requests later: her three scans keep eight each waiting.
    expect(position - before).toBeLessThanOrEqual(5);
    for (const scan of await Promise.all(scans)) expect(scan.statusCode).toBe(200);
  });
});
