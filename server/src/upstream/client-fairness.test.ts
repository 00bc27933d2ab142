import { describe, expect, it } from 'vitest';
import { actAs, userActor } from './actor';
import type { UpstreamClient } from './client-api';
import { createUpstreamClient } from './client';
import { FetchPriority } from './client-api';
import { gaps, pages, sendPage, testHostsConfig, useTestHosts } from './test-client';

let client: UpstreamClient;
useTestHosts(() => client?.close());

/** Holds the host's first request until `release`, so everything after it waits in the lane. */
function holdFirst(): () => void {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  pages.handle = (_, res, hit) => (hit === 1 ? void held.then(() => sendPage(res)) : sendPage(res));
  return release;
}

async function untilHits(n: number): Promise<void> {
  while (pages.hits.length < n) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('upstream client: users take turns', () => {
  it("serves another user's request before a flooding user's waiting requests: the flood has just had its turn", async () => {
    client = createUpstreamClient(testHostsConfig({ pages: { concurrency: 1, spacingMs: 0 } }));
    const release = holdFirst();
    const flood = actAs(userActor(1), () =>
      Array.from({ length: 8 }, (_, n) => client.fetchPage(`${pages.origin}/a${n}`)),
    );
    await untilHits(1);
    const bob = actAs(userActor(2), () => client.fetchPage(`${pages.origin}/b0`));
    const carol = actAs(userActor(3), () =>
      [0, 1].map((n) => client.fetchPage(`${pages.origin}/c${n}`)),
    );
    release();
    await Promise.all([...flood, bob, ...carol]);
    expect(pages.hits.map((hit) => hit.path)).toEqual([
      '/a0',
      '/b0',
      '/c0',
      '/a1',
      '/c1',
      '/a2',
      '/a3',
      '/a4',
      '/a5',
      '/a6',
      '/a7',
    ]);
  });

  it("chooses the next request when its start is due: a user arriving during the flood's gap goes next, the spacing kept", async () => {
    // Two places, so only the spacing holds the flood back; it is answered at once.
    client = createUpstreamClient(testHostsConfig({ pages: { concurrency: 2, spacingMs: 150 } }));
    pages.handle = (_, res) => sendPage(res);
    const flood = actAs(userActor(1), () =>
      Array.from({ length: 4 }, (_, n) => client.fetchPage(`${pages.origin}/a${n}`)),
    );
    await untilHits(1);
    // The gap after alice's first request is still running: nobody has been chosen for the next.
    const bob = actAs(userActor(2), () => client.fetchPage(`${pages.origin}/b0`));
    await Promise.all([...flood, bob]);
    expect(pages.hits.map((hit) => hit.path)).toEqual(['/a0', '/b0', '/a1', '/a2', '/a3']);
    // Arrival times carry a little scheduling noise, hence the margin.
    for (const gap of gaps(pages.hits.map((hit) => hit.at)))
      expect(gap).toBeGreaterThanOrEqual(120);
  });

  it('takes turns within each priority: a user still goes before background work', async () => {
    client = createUpstreamClient(testHostsConfig({ pages: { concurrency: 1, spacingMs: 0 } }));
    const release = holdFirst();
    const background = actAs('prefetch', () =>
      [0, 1, 2].map((n) =>
        client.fetchPage(`${pages.origin}/p${n}`, { priority: FetchPriority.background }),
      ),
    );
    await untilHits(1);
    const crawl = actAs('crawl', () =>
      client.fetchPage(`${pages.origin}/crawl`, { priority: FetchPriority.background }),
    );
    const user = actAs(userActor(1), () => client.fetchPage(`${pages.origin}/user`));
    release();
    await Promise.all([...background, crawl, user]);
    expect(pages.hits.map((hit) => hit.path)).toEqual(['/p0', '/user', '/crawl', '/p1', '/p2']);
  });

  it("an abandoned request leaves its user's line without disturbing the others", async () => {
    client = createUpstreamClient(testHostsConfig({ pages: { concurrency: 1, spacingMs: 0 } }));
    const release = holdFirst();
    const first = actAs(userActor(1), () => client.fetchPage(`${pages.origin}/a0`));
    await untilHits(1);
    const stop = new AbortController();
    const gone = actAs(userActor(2), () =>
      client.fetchPage(`${pages.origin}/b0`, { signal: stop.signal }),
    );
    const rest = actAs(userActor(1), () => client.fetchPage(`${pages.origin}/a1`));
    const bob = actAs(userActor(2), () => client.fetchPage(`${pages.origin}/b1`));
    stop.abort();
    await expect(gone).rejects.toThrow();
    release();
    await Promise.all([first, rest, bob]);
    expect(pages.hits.map((hit) => hit.path)).toEqual(['/a0', '/b1', '/a1']);
  });
});
