import type { DownloadStatus } from '@capshelf/contract';
import { KEY_IDS, episodeById } from '@capshelf/replica';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';
import { createTask, ownUrl, waitForEnd } from './support/downloads';
import { readZip } from './support/zip';

/**
 * Two download slots shared by two users: alice's three big tasks do not keep bob's one-image task
 * waiting. The user with nothing running goes next, and one of alice's running tasks gives its slot
 * back at an image boundary, keeping its progress, and later finishes without fetching again.
 */

const big = episodeById(KEY_IDS.bigEpisode)!.imageIds;
const aliceTasks = [big.slice(0, 60), big.slice(60, 120), big.slice(120, 180)];
const bobImage = big[500]!;

let t: BrowseApp;
beforeAll(async () => {
  // One original at a time, each answered slowly: alice's tasks take seconds, not milliseconds.
  t = await startBrowseApp({ DOWNLOAD_CONCURRENCY: '2', UPSTREAM_FULL_CONCURRENCY: '1' });
});
afterAll(async () => {
  await t.close();
});

async function status(id: string, headers: { authorization: string }): Promise<DownloadStatus> {
  const res = await t.app.inject({ method: 'GET', url: `/api/download/${id}/status`, headers });
  return res.json<DownloadStatus>();
}

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe(`download slots round-robin across users (${databaseKind})`, () => {
  it("starts bob's one-image task at alice's next image boundary; her yielded task resumes where it stopped", async () => {
    t.replica.setFault('cdni', { type: 'slow', delayMs: 40 });
    const alice = t.headers;
    const bob = await t.userHeaders('bob@example.com');
    const ids: string[] = [];
    for (const [n, chosen] of aliceTasks.entries()) {
      const res = await createTask(
        t,
        { image_urls: chosen.map((id) => ownUrl(id)), filename_prefix: `alice${n}` },
        alice,
      );
      expect(res.statusCode).toBe(202);
      ids.push(res.json<DownloadStatus>().download_id);
    }
    await until('both of alice’s first tasks under way', async () => {
      const [a0, a1] = await Promise.all(ids.slice(0, 2).map((id) => status(id, alice)));
      return a0!.done_count >= 3 && a1!.done_count >= 3;
    });

    const created = await createTask(
      t,
      { image_urls: [ownUrl(bobImage)], filename_prefix: 'bob' },
      bob,
    );
    const bobTask = created.json<DownloadStatus>().download_id;
    expect((await waitForEnd(t, bobTask, bob)).status).toBe('completed');
    // Bob's task ran while both of alice's first tasks were still unfinished: one gave its slot.
    const mid = await Promise.all(ids.map((id) => status(id, alice)));
    expect(mid.map((s) => s.status).filter((s) => s === 'completed')).toEqual([]);
    const yielded = mid.slice(0, 2).filter((s) => s.status === 'pending' || s.done_count < 60);
    expect(yielded.length).toBeGreaterThan(0);

    // The third waits its turn; cancel it so the test ends sooner.
    await t.app.inject({ method: 'POST', url: `/api/download/${ids[2]}/cancel`, headers: alice });
    t.replica.clearFaults();
    for (const [n, id] of ids.slice(0, 2).entries()) {
      const done = await waitForEnd(t, id, alice);
      expect(done).toMatchObject({ status: 'completed', done_count: 60, failed_count: 0 });
      const file = await t.app.inject({
        method: 'GET',
        url: `/api/download/${id}/file`,
        headers: alice,
      });
      const entries = await readZip(file.rawPayload);
      expect(entries.map((e) => e.name)).toEqual(aliceTasks[n]!.map((i) => `alice${n}_${i}.jpg`));
    }
    // Resumed where it stopped: no original of alice's first two tasks was fetched twice.
    const fetched = t.replica.counts().targets.cdni;
    for (const id of [...aliceTasks[0]!, ...aliceTasks[1]!]) {
      const times = Object.entries(fetched)
        .filter(([target]) => target.endsWith(`/${id}.jpg`))
        .reduce((n, [, count]) => n + count, 0);
      expect(times, `image ${id}`).toBe(1);
    }
  }, 90_000);
});
