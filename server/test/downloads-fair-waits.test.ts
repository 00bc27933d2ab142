import type { DownloadStatus } from '@capshelf/contract';
import { KEY_IDS, episodeById, showById } from '@capshelf/replica';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';
import { createTask, ownUrl, waitForEnd } from './support/downloads';

/**
 * Alice's tasks hold both download slots and wait for a slow source (an original, a listing page).
 * Bob's one-image task does not wait for that answer: one of alice's tasks gives its slot back
 * while it waits, and what it was waiting for still lands in the cache, so her task, taken up
 * again once bob's is done, finishes without asking the source twice.
 */

const big = episodeById(KEY_IDS.bigEpisode)!.imageIds;
const robot = showById(10700)!;
/**
 * Far longer than bob's whole task takes, even on a loaded machine with Postgres (3 s was not): what
 * alice waits for is still on its way at his end.
 */
const SLOW_MS = 6000;

let t: BrowseApp;
let bob: { authorization: string };
/** Each test's own alice: tasks of the one before never count against her limits. */
let alice: { authorization: string };
let aliceCount = 0;
beforeAll(async () => {
  t = await startBrowseApp({
    DOWNLOAD_CONCURRENCY: '2',
    WORK_JOBS_PER_USER: '2',
    // Both of alice's listings on the wire at once (one at a time, the second waits in the lane).
    UPSTREAM_PAGE_CONCURRENCY: '2',
    UPSTREAM_TIMEOUT: '20s',
  });
  bob = await t.userHeaders('bob@example.com');
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  alice = await t.userHeaders(`alice${(aliceCount += 1)}@example.com`);
  t.replica.clearFaults();
  t.replica.resetCounts();
});

const statusOf = async (id: string, headers = alice) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/download/${id}/status`, headers })
  ).json<DownloadStatus>();

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Once alice's tasks both run and wait for `host`: bob's one small image (its own host, no fault)
 * is completed while alice's tasks stand still.
 */
async function bobsTaskWhileWaiting(tasks: string[], host: 'cdni' | 'pages'): Promise<void> {
  await until(`both of alice’s tasks waiting for ${host}`, async () => {
    const running = (await Promise.all(tasks.map((id) => statusOf(id)))).every(
      (s) => s.status === 'running',
    );
    return running && t.replica.counts().hosts[host] >= 2;
  });
  const before = await Promise.all(tasks.map((id) => statusOf(id)));
  const created = await createTask(
    t,
    { image_urls: [ownUrl(big[10]!, 'small')], filename_prefix: 'bob' },
    bob,
  );
  expect(created.statusCode, created.body).toBe(202);
  const done = await waitForEnd(t, created.json<DownloadStatus>().download_id, bob);
  expect(done.status).toBe('completed');
  // Nothing alice waited for had arrived: her counts are where they were when bob asked.
  const after = await Promise.all(tasks.map((id) => statusOf(id)));
  expect(after.map((s) => [s.done_count, s.file_count])).toEqual(
    before.map((s) => [s.done_count, s.file_count]),
  );
  // What is on its way stays slow; the rest of alice's tasks need not be.
  t.replica.clearFaults();
}

describe(`a download slot goes to another user while its task waits for the source (${databaseKind})`, () => {
  it("bob's task runs while alice's tasks wait for slow originals; hers finish, each original fetched once", async () => {
    const aliceImages = [big.slice(0, 2), big.slice(2, 4)];
    t.replica.setFault('cdni', { type: 'slow', delayMs: SLOW_MS });
    const tasks: string[] = [];
    for (const [n, chosen] of aliceImages.entries()) {
      const res = await createTask(
        t,
        { image_urls: chosen.map((id) => ownUrl(id)), filename_prefix: `alice${n}` },
        alice,
      );
      tasks.push(res.json<DownloadStatus>().download_id);
    }
    await bobsTaskWhileWaiting(tasks, 'cdni');

    for (const id of tasks)
      expect(await waitForEnd(t, id, alice)).toMatchObject({ status: 'completed', done_count: 2 });
    const fetched = t.replica.counts().targets.cdni;
    for (const id of aliceImages.flat()) {
      const times = Object.entries(fetched)
        .filter(([target]) => target.endsWith(`/${id}.jpg`))
        .reduce((n, [, count]) => n + count, 0);
      expect(times, `original ${id}`).toBe(1);
    }
  });

  it("bob's task runs while alice's whole-work jobs wait for a slow listing; no episode of hers fails or is read twice", async () => {
    const url = t.services.builders.workUrl({ type: 'work', kind: 'anime', id: robot.id });
    // The work's episode list is known; each job's own episode listing is what waits.
    await t.services.catalog.episodes(url, 'anime');
    t.replica.resetCounts();
    t.replica.setFault('pages', { type: 'slow', delayMs: SLOW_MS });
    const tasks: string[] = [];
    for (const episode of robot.episodes) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/download/work',
        headers: alice,
        payload: { work_url: url, episode_ids: [episode.id], size: 'thumb' },
      });
      expect(res.statusCode, res.body).toBe(202);
      tasks.push(res.json<DownloadStatus>().download_id);
    }
    await bobsTaskWhileWaiting(tasks, 'pages');

    for (const [n, id] of tasks.entries()) {
      const images = robot.episodes[n]!.imageIds.length;
      expect(await waitForEnd(t, id, alice)).toMatchObject({
        status: 'completed',
        done_count: images,
        failed_count: 0,
      });
    }
    // Every listing page was read once: the yielded job found its listing in the cache.
    const pages = Object.values(t.replica.counts().targets.pages);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.every((times) => times === 1)).toBe(true);
  });
});
