import { DatasetOptions, type DownloadStatus } from '@capshelf/contract';
import { addEpisode, episodeById, KEY_IDS, showById } from '@capshelf/replica';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskSpecOf } from '../src/downloads/task-spec';
import { databaseKind } from './helpers';
import { HOUR, startFollowsApp } from './support/follows';
import { finished, startWork, zipOf } from './support/work-jobs';

let f: Awaited<ReturnType<typeof startFollowsApp>>;
beforeAll(async () => {
  f = await startFollowsApp({ THUMBNAIL_PREFETCH: 'true' });
});
afterAll(async () => {
  await f.t.close();
});

const SHOW = KEY_IDS.tvSeason2;
const tasksOf = async (headers: { authorization: string }) =>
  (await f.t.app.inject({ method: 'GET', url: '/api/download', headers })).json<{
    downloads: DownloadStatus[];
  }>().downloads;

describe(`what a follower gets (${databaseKind})`, () => {
  it('自动下载 makes a ZIP of just the new episode, 自动缓存 caches its listing and thumbnails, nothing else starts', async () => {
    const carol = await f.t.userHeaders('follow-carol@example.com');
    const url = f.showUrl(SHOW, 'tv');
    await f.follow(f.alice, url, 'download');
    await f.follow(f.bob, url, 'cache');
    await f.follow(carol, url);
    const added = addEpisode(SHOW, 6)!;
    f.advance(HOUR + 1);
    expect(await f.t.services.followChecker.checkDue()).toBe(1);

    const [task] = await tasksOf(f.alice);
    expect(task).toMatchObject({ job: 'work', episodes_total: 1 });
    const app = { ...f.t, headers: f.alice };
    expect((await finished(task!.download_id, app)).status).toBe('completed');
    const entries = await zipOf(task!.download_id, app);
    const images = entries.filter((e) => e.name.endsWith('.jpg'));
    expect(images).toHaveLength(6);
    for (const id of episodeById(added.id)!.imageIds) {
      expect(
        images.some((e) => e.name.includes(String(id))),
        String(id),
      ).toBe(true);
    }
    expect(await tasksOf(f.bob)).toEqual([]);
    expect(await tasksOf(carol)).toEqual([]);

    // Bob's 自动缓存: the episode's thumbnails arrive in the background.
    const db = f.t.services.db.kysely;
    await expect
      .poll(
        async () =>
          (
            await db
              .selectFrom('cached_images')
              .select('id')
              .where('kind', '=', 'tv')
              .where('size', '=', 'thumb')
              .where('id', 'in', [...added.imageIds])
              .execute()
          ).length,
        { timeout: 10_000 },
      )
      .toBe(6);
    // The other episodes were not fetched: only what is new.
    const older = showById(SHOW)!.episodes[0]!.imageIds;
    const olderCached = await db
      .selectFrom('cached_images')
      .select('id')
      .where('kind', '=', 'tv')
      .where('id', 'in', [...older])
      .execute();
    expect(olderCached).toEqual([]);
  });

  it("自动下载 takes the size and dataset options of the follower's latest whole-work job, not its work's names", async () => {
    const dave = await f.t.userHeaders('follow-dave@example.com');
    const app = { ...f.t, headers: dave };
    const chosen = {
      skip_near_duplicates: true,
      near_duplicate_threshold: 4,
      near_duplicate_scope: 'episode',
      quality_filters: ['dark'],
      metadata: true,
      export: 'kohya',
      kohya_repeats: 3,
    } as const;
    // The last job was of another work, named for it.
    const movie = { type: 'movie', kind: 'movie', id: KEY_IDS.onePageMovie } as const;
    const work_url = f.t.services.builders.workUrl(movie);
    const names = { kohya_name: 'Moon', trigger_word: 'moon style' };
    const last = await startWork({ work_url, size: 'thumb', ...chosen, ...names }, app);
    await finished(last, app);
    await f.follow(dave, f.showUrl(KEY_IDS.tvSeason1, 'tv'), 'download');
    addEpisode(KEY_IDS.tvSeason1, 3);
    f.advance(HOUR + 1);
    await f.t.services.followChecker.checkDue();

    const auto = (await tasksOf(dave)).find((task) => task.download_id !== last)!;
    const row = await f.t.services.db.kysely
      .selectFrom('downloads')
      .selectAll()
      .where('id', '=', auto.download_id)
      .executeTakeFirstOrThrow();
    const spec = taskSpecOf(row);
    expect(spec.dataset).toEqual({ ...DatasetOptions.parse({}), ...chosen });
    expect(spec.work).toMatchObject({ size: 'thumb', work: { id: KEY_IDS.tvSeason1 } });
    // The options are kept once, in `dataset`: the work's column holds the work alone.
    expect(Object.keys(JSON.parse(row.request!) as object).sort()).toEqual([
      'episodes',
      'size',
      'work',
    ]);
  });

  it('自动下载 makes a ZIP when the library folder its latest job used is no longer set', async () => {
    const erin = await f.t.userHeaders('follow-erin@example.com');
    const app = { ...f.t, headers: erin };
    const movie = { type: 'movie', kind: 'movie', id: KEY_IDS.onePageMovie } as const;
    const last = await startWork(
      { work_url: f.t.services.builders.workUrl(movie), size: 'thumb' },
      app,
    );
    await finished(last, app);
    // That job went to a library folder on a server that had one (this one has none).
    const library = JSON.stringify({ ...DatasetOptions.parse({}), destination: 'library' });
    await f.t.services.db.kysely
      .updateTable('downloads')
      .set({ dataset: library })
      .where('id', '=', last)
      .execute();
    await f.follow(erin, f.showUrl(KEY_IDS.tvSeason1, 'tv'), 'download');
    addEpisode(KEY_IDS.tvSeason1, 2);
    f.advance(HOUR + 1);
    await f.t.services.followChecker.checkDue();

    const auto = (await tasksOf(erin)).find((task) => task.download_id !== last);
    expect(auto).toMatchObject({ destination: 'zip', job: 'work' });
    expect(await finished(auto!.download_id, app)).toMatchObject({ status: 'completed' });
  });
});
