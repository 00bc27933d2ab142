import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  FINISHED_DOWNLOAD_STATES,
  type DownloadStatus,
  type EpisodeProgress,
} from '@capshelf/contract';
import { KEY_IDS, showById, startReplica, type Replica } from '@capshelf/replica';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresDatabase, databaseKind, startTestApp, type TestApp } from './helpers';
import { FAST_PACING } from './support/browse';
import { readZip } from './support/zip';

/**
 * The source goes away mid-task and the server is restarted while its tasks are paused: the next
 * start takes them up by itself once the source is back at the same address, and each image is
 * fetched once across both runs.
 */

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The replica on ports of our choosing, so that it can come back where it was. */
async function replicaOnFixedPorts(): Promise<{ replica: Replica; port: number }> {
  for (let attempt = 0; ; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 30_000);
    try {
      return { replica: await startReplica({ port }), port };
    } catch (error) {
      if (attempt >= 20) throw error;
    }
  }
}

/** Image ids in the image cache's files of a kind and size (`<kind>/<size>/<shard>/<id>.jpg`). */
function cachedIds(dataDir: string, kind: string, size: string): Set<number> {
  const root = path.join(dataDir, 'images', kind, size);
  const names = readdirSync(root, { recursive: true }) as string[];
  return new Set(
    names.filter((n) => /\/\d+\.jpg$/.test(n)).map((n) => Number(path.basename(n, '.jpg'))),
  );
}

async function poll(
  app: TestApp,
  headers: { authorization: string },
  id: string,
  until: (s: DownloadStatus) => boolean,
  what: string,
): Promise<DownloadStatus> {
  let status: DownloadStatus | null = null;
  for (let i = 0; i < 600; i++) {
    const res = await app.app.inject({ method: 'GET', url: `/api/download/${id}/status`, headers });
    status = res.json<DownloadStatus>();
    if (until(status)) return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}: ${JSON.stringify(status)}`);
}

describe(`paused downloads across a restart (${databaseKind})`, () => {
  it('a whole work and an image selection paused by an unreachable source resume after a restart, each image fetched once', async () => {
    const robot = showById(10700)!;
    const all = robot.episodes.flatMap((e) => e.imageIds);
    const selection = showById(KEY_IDS.tvSeason1)!.episodes[0]!.imageIds.slice(0, 48);

    const fixed = await replicaOnFixedPorts();
    const port = fixed.port;
    let replica = fixed.replica;
    cleanups.push(() => replica.close());
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-paused-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const postgres = databaseKind === 'postgres' ? await createPostgresDatabase() : null;
    if (postgres) cleanups.push(() => postgres.drop());
    const env = {
      ...replica.env(),
      ...FAST_PACING,
      THUMBNAIL_PREFETCH: 'false',
      // Both servers on one data directory and database.
      DATA_DIR: dataDir,
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      // A paused task would wait an hour by itself: only the restart can take it up sooner.
      DOWNLOAD_RETRY_INTERVAL: '1h',
      // A held request must end with the outage, not time out before it (that pauses too).
      UPSTREAM_TIMEOUT: '60s',
    };

    const first = await startTestApp(env);
    let firstOpen = true;
    cleanups.push(() => (firstOpen ? first.close() : undefined));
    const headers = await first.userHeaders('paused@example.com');
    // Slow enough that the source can go away mid-task.
    replica.setFault('ant', { type: 'slow', delayMs: 40 });
    replica.setFault('tvt', { type: 'slow', delayMs: 300 });
    const work = await first.app.inject({
      method: 'POST',
      url: '/api/download/work',
      headers,
      payload: {
        work_url: first.services.builders.workUrl({ type: 'work', kind: 'anime', id: robot.id }),
        size: 'thumb',
      },
    });
    expect(work.statusCode, work.body).toBe(202);
    const workId = work.json<{ download_id: string }>().download_id;
    const images = await first.app.inject({
      method: 'POST',
      url: '/api/download',
      headers,
      payload: {
        image_urls: selection.map((i) => `/api/images/${i}.jpg?kind=tv&size=thumb`),
        filename_prefix: 'season_thumb',
      },
    });
    expect(images.statusCode, images.body).toBe(202);
    const imagesId = images.json<{ download_id: string }>().download_id;
    await poll(first, headers, workId, (s) => s.done_count > 10, 'the job to be under way');
    // Held from here until the outage, however fast the job would otherwise finish.
    replica.setFault('ant', { type: 'hang' });
    await poll(first, headers, imagesId, (s) => s.done_count > 2, 'the selection to be under way');
    expect((await poll(first, headers, workId, () => true, 'the status')).status).toBe('running');

    // The source goes away: every connection is refused.
    const beforeOutage = replica.counts();
    await replica.close();
    for (const id of [workId, imagesId]) {
      const paused = await poll(first, headers, id, (s) => s.status === 'paused', 'the pause');
      expect(paused.pause_reason).toMatch(/源站暂时无法访问/);
      expect(paused.failed_count).toBe(0);
    }
    const pausedWork = await poll(first, headers, workId, () => true, 'the status');
    expect(pausedWork.done_count).toBeLessThan(all.length);
    await first.close();
    firstOpen = false;

    // What the first run fetched and kept; none of it may be asked for again.
    const cachedAnime = cachedIds(dataDir, 'anime', 'thumb');
    const cachedTv = cachedIds(dataDir, 'tv', 'thumb');
    expect(cachedAnime.size).toBeGreaterThan(10);
    expect(cachedAnime.size).toBeLessThan(all.length);

    // The source is back where it was, then the server starts again: nobody touches the tasks.
    replica = await startReplicaAt(port);
    const second = await startTestApp(env);
    cleanups.push(() => second.close());
    const finished = (id: string) =>
      poll(second, headers, id, (s) => FINISHED_DOWNLOAD_STATES.includes(s.status), 'the end');
    const archive = async (id: string) => {
      const res = await second.app.inject({
        method: 'GET',
        url: `/api/download/${id}/file`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      return readZip(res.rawPayload);
    };
    const done = await finished(workId);
    expect(done).toMatchObject({
      status: 'completed',
      done_count: all.length,
      failed_count: 0,
      episodes_done: robot.episodes.length,
    });
    expect(done.episodes!.map((e: EpisodeProgress) => e.done)).toEqual(
      robot.episodes.map((e) => e.imageIds.length),
    );
    expect(await finished(imagesId)).toMatchObject({
      status: 'completed',
      done_count: selection.length,
      failed_count: 0,
    });

    // Every image once in each archive, in order.
    const workEntries = await archive(workId);
    expect(workEntries.map((e) => path.basename(e.name))).toEqual(all.map((i) => `${i}.jpg`));
    const selectionEntries = await archive(imagesId);
    expect(selectionEntries.map((e) => e.name)).toEqual(selection.map((i) => `season_${i}.jpg`));

    // After the restart: no page again (the listings are cached), each missing image once, and
    // none that the first run had already stored.
    const after = replica.counts();
    expect(after.hosts.pages).toBe(0);
    const anime = Object.entries(after.targets.ant);
    const tv = Object.entries(after.targets.tvt);
    expect([...anime, ...tv].filter(([, n]) => n !== 1)).toEqual([]);
    const askedAnime = anime.map(([target]) => Number(/\d+/.exec(target)![0]));
    const askedTv = tv.map(([target]) => Number(/\d+/.exec(target)![0]));
    expect(askedAnime.filter((i) => cachedAnime.has(i))).toEqual([]);
    expect(askedTv.filter((i) => cachedTv.has(i))).toEqual([]);
    expect(new Set([...cachedAnime, ...askedAnime])).toEqual(new Set(all));
    expect(new Set([...cachedTv, ...askedTv])).toEqual(new Set(selection));
    // Before the outage, too, no image was asked for twice.
    const early = [
      ...Object.values(beforeOutage.targets.ant),
      ...Object.values(beforeOutage.targets.tvt),
    ];
    expect(early.filter((n) => n !== 1)).toEqual([]);
  }, 120_000);
});

async function startReplicaAt(port: number): Promise<Replica> {
  // The ports were ours a moment ago; a listener closing may take a moment to let them go.
  for (let attempt = 0; ; attempt++) {
    try {
      return await startReplica({ port });
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
