import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import {
  FINISHED_DOWNLOAD_STATES,
  type DownloadStatus,
  type EpisodeProgress,
} from '@capshelf/contract';
import { KEY_IDS, SCENE_FRAMES, movieById, renderImage, showById } from '@capshelf/replica';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';
import { readZip } from './support/zip';

let t: BrowseApp;
beforeAll(async () => {
  t = await startBrowseApp({ DOWNLOAD_RETRY_INTERVAL: '1s', WORK_JOBS_PER_USER: '3' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  t.replica.clearFaults();
  // Every test starts with an empty tray: earlier tasks must not use up the slots.
  const list = await get('/api/download');
  for (const task of list.json().downloads as DownloadStatus[])
    if (!FINISHED_DOWNLOAD_STATES.includes(task.status))
      await post(`/api/download/${task.download_id}/cancel`);
});

const robot = showById(10700)!;
const scenes = showById(KEY_IDS.sceneShow)!;
const paperMoon = movieById(KEY_IDS.onePageMovie)!;
const workUrl = (id: number) => t.services.builders.workUrl({ type: 'work', kind: 'anime', id });
const movieUrl = (id: number) => t.services.builders.workUrl({ type: 'movie', kind: 'movie', id });

const get = (url: string, app = t) => app.app.inject({ method: 'GET', url, headers: app.headers });
const post = (url: string, payload?: object, app = t) =>
  app.app.inject({ method: 'POST', url, headers: app.headers, ...(payload ? { payload } : {}) });

async function startWork(body: object, app = t): Promise<string> {
  const res = await post('/api/download/work', body, app);
  expect(res.statusCode, res.body).toBe(202);
  return res.json().download_id;
}

async function waitFor(
  id: string,
  done: (s: DownloadStatus) => boolean,
  app = t,
  what = 'the task',
): Promise<DownloadStatus> {
  for (let i = 0; i < 600; i++) {
    const status = (await get(`/api/download/${id}/status`, app)).json<DownloadStatus>();
    if (done(status)) return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}
const finished = (id: string, app = t) =>
  waitFor(id, (s) => FINISHED_DOWNLOAD_STATES.includes(s.status), app, 'the end');

async function zipOf(id: string, app = t) {
  const file = await get(`/api/download/${id}/file`, app);
  expect(file.statusCode).toBe(200);
  return readZip(file.rawPayload);
}

describe(`whole-work downloads (${databaseKind})`, () => {
  it('puts every episode of a work in one ZIP as <work>/<episode>/<id>.jpg, byte for byte', async () => {
    const id = await startWork({ work_url: workUrl(robot.id), size: 'thumb' });
    const done = await finished(id);
    const total = robot.episodes.reduce((n, e) => n + e.imageIds.length, 0);
    expect(done).toMatchObject({
      status: 'completed',
      job: 'work',
      file_name: 'Koi_to_Robot_(Remake)_thumb.zip',
      file_count: total,
      done_count: total,
      failed_count: 0,
      episodes_total: 2,
      episodes_done: 2,
    });
    expect(done.episodes).toEqual(
      robot.episodes.map((e): EpisodeProgress => ({
        id: e.id,
        title: e.label,
        total: e.imageIds.length,
        done: e.imageIds.length,
        failed: 0,
        skipped: 0,
      })),
    );
    const entries = await zipOf(id);
    expect(entries.map((e) => e.name)).toEqual(
      robot.episodes.flatMap((e) =>
        e.imageIds.map((i) => `Koi_to_Robot_(Remake)/${e.label.replace(' ', '_')}/${i}.jpg`),
      ),
    );
    const first = robot.episodes[0]!.imageIds[0]!;
    expect(entries[0]!.data.equals(await renderImage('anime', first, 'thumb'))).toBe(true);
  });

  it('takes a chosen subset of episodes, and lists each page and image exactly once', async () => {
    t.replica.resetCounts();
    const episode = robot.episodes[1]!;
    const id = await startWork({
      work_url: workUrl(robot.id),
      episode_ids: [episode.id],
      size: 'small',
    });
    const done = await finished(id);
    expect(done).toMatchObject({
      status: 'completed',
      episodes_total: 1,
      done_count: episode.imageIds.length,
    });
    expect((await zipOf(id)).map((e) => e.name)).toEqual(
      episode.imageIds.map((i) => `Koi_to_Robot_(Remake)/Episode_2/${i}.jpg`),
    );
    const counts = t.replica.counts();
    expect(Object.values(counts.targets.ancdn)).toEqual(episode.imageIds.map(() => 1));
    expect(Object.values(counts.targets.pages).filter((n) => n !== 1)).toEqual([]);
  });

  it('downloads a movie as its one episode', async () => {
    const id = await startWork({ work_url: movieUrl(paperMoon.id), size: 'thumb' });
    const done = await finished(id);
    expect(done).toMatchObject({ status: 'completed', episodes_total: 1, done_count: 36 });
    expect(done.file_name).toBe('Paper_Moon_Express_(1999)_thumb.zip');
    expect((await zipOf(id)).map((e) => e.name)).toEqual(
      paperMoon.imageIds.map((i) => `Paper_Moon_Express_(1999)/movie/${i}.jpg`),
    );
  });

  it('leaves out near-duplicate frames, counts them, and the grid filter hides the same ones', async () => {
    const id = await startWork({
      work_url: workUrl(scenes.id),
      size: 'thumb',
      skip_near_duplicates: true,
    });
    const done = await finished(id);
    const all = scenes.episodes.flatMap((e) => e.imageIds);
    const firstFrames = scenes.episodes.map((e) =>
      e.imageIds.filter((_, i) => i % SCENE_FRAMES === 0),
    );
    expect(done).toMatchObject({
      status: 'completed',
      done_count: firstFrames.flat().length,
      skipped_count: all.length - firstFrames.flat().length,
    });
    expect(done.episodes!.map((e) => e.skipped)).toEqual(
      scenes.episodes.map((e) => e.imageIds.length - e.imageIds.length / SCENE_FRAMES),
    );
    expect((await zipOf(id)).map((e) => path.basename(e.name))).toEqual(
      firstFrames.flat().map((i) => `${i}.jpg`),
    );

    const episode = scenes.episodes[0]!;
    const grid = await post('/api/download/near-duplicates', {
      kind: 'anime',
      image_ids: episode.imageIds,
    });
    expect(grid.statusCode).toBe(200);
    expect(grid.json()).toEqual({
      hidden_ids: episode.imageIds.filter((_, i) => i % SCENE_FRAMES !== 0),
      unknown_ids: [],
    });
    // Another work's consecutive frames, 10 or more bits apart, are kept at the default threshold.
    const other = robot.episodes[0]!.imageIds.slice(0, 20);
    const distinct = await post('/api/download/near-duplicates', {
      kind: 'anime',
      image_ids: other,
    });
    expect(distinct.json().hidden_ids).toEqual([]);
  });

  it('writes metadata.csv and metadata.jsonl rows that match the entries', async () => {
    const id = await startWork({
      work_url: workUrl(robot.id),
      episode_ids: [robot.episodes[0]!.id],
      size: 'thumb',
      metadata: true,
    });
    await finished(id);
    const entries = await zipOf(id);
    const images = entries.filter((e) => e.name.endsWith('.jpg'));
    const jsonl = entries.find((e) => e.name === 'metadata.jsonl')!;
    const rows = jsonl.data
      .toString()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, string | number>);
    expect(rows.map((r) => r.file)).toEqual(images.map((e) => e.name));
    const episode = robot.episodes[0]!;
    for (const [i, row] of rows.entries()) {
      expect(row).toMatchObject({
        id: episode.imageIds[i],
        kind: 'anime',
        work_id: robot.id,
        work_title: robot.title,
        episode_id: episode.id,
        episode_title: episode.label,
        position: i + 1,
        width: 320,
        height: 180,
        bytes: images[i]!.data.length,
        sha256: createHash('sha256').update(images[i]!.data).digest('hex'),
      });
      expect(row.phash).toMatch(/^[0-9a-f]{16}$/);
      expect(row.source_url).toBe(
        `${t.replica.env().UPSTREAM_BASE_URL}/anime/picture.php?/${episode.imageIds[i]}`,
      );
    }
    const csv = entries.find((e) => e.name === 'metadata.csv')!.data.toString('utf8');
    expect(csv.split('\r\n')[0]).toBe(
      '\ufefffile,id,kind,work_id,work_title,episode_id,episode_title,position,width,height,bytes,sha256,phash,source_url',
    );
    const parsed = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
    expect(parsed).toEqual(
      rows.map((row) =>
        Object.fromEntries(Object.entries(row).map(([key, value]) => [key, String(value)])),
      ),
    );
  });

  it('cancels a running job: nothing more is written, no partial file, the slot is free', async () => {
    t.replica.setFault('ancdn', { type: 'slow', delayMs: 300 });
    const id = await startWork({ work_url: workUrl(KEY_IDS.bigEpisode - 2), size: 'small' });
    await waitFor(id, (s) => s.status === 'running' && s.done_count > 0);
    const cancelled = await post(`/api/download/${id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    const downloads = path.join(t.dataDir, 'downloads');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(readdirSync(downloads).filter((n) => n.startsWith(id))).toEqual([]);
    expect((await get(`/api/download/${id}/status`)).json()).toMatchObject({
      status: 'cancelled',
      reason: { code: 'CANCELLED' },
    });
    expect((await get(`/api/download/${id}/file`)).statusCode).toBe(409);
    expect((await post(`/api/download/${id}/cancel`)).statusCode).toBe(409);
    t.replica.clearFaults();
    // The slot is free again: another whole-work job starts at once.
    const next = await startWork({ work_url: movieUrl(paperMoon.id), size: 'thumb' });
    expect((await finished(next)).status).toBe('completed');
  });

  it('pauses while the image host fails, says why and when, then resumes to a complete archive without its count going back', async () => {
    const episode = robot.episodes[0]!;
    t.replica.setFault('cdni', { type: 'slow', delayMs: 100 });
    const id = await startWork({
      work_url: workUrl(robot.id),
      episode_ids: [episode.id],
      size: 'large',
    });
    await waitFor(id, (s) => s.done_count > 3);
    t.replica.setFault('cdni', { type: 'error', status: 503 });
    const paused = await waitFor(id, (s) => s.status === 'paused', t, 'the pause');
    expect(paused.pause_reason).toMatch(/源站暂时无法访问/);
    expect(paused.reason).toEqual({ code: 'SOURCE_UNREACHABLE', seconds: expect.any(Number) });
    expect(Date.parse(paused.resume_at!)).toBeGreaterThan(Date.now() - 2000);
    expect(paused.done_count).toBeLessThan(episode.imageIds.length);
    // What the tray shows from here on: runs taken up again count from zero, but it never sees
    // the count go back.
    const shown = [paused.done_count];
    const watch = (until: (s: DownloadStatus) => boolean) =>
      waitFor(id, (s) => {
        shown.push(s.done_count);
        return until(s);
      });
    // Still down at the next try: it pauses again instead of failing images.
    const tried = Date.now() + 1500;
    await watch(() => Date.now() > tried);
    expect((await get(`/api/download/${id}/status`)).json()).toMatchObject({ failed_count: 0 });
    t.replica.clearFaults();
    const done = await watch((s) => FINISHED_DOWNLOAD_STATES.includes(s.status));
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    expect(done).toMatchObject({
      status: 'completed',
      failed_count: 0,
      done_count: episode.imageIds.length,
      reason: null,
    });
    const entries = await zipOf(id);
    expect(entries.map((e) => path.basename(e.name))).toEqual(
      episode.imageIds.map((i) => `${i}.jpg`),
    );
    const last = episode.imageIds.at(-1)!;
    expect(entries.at(-1)!.data.equals(await renderImage('anime', last, 'large'))).toBe(true);
  });

  it('pauses an image selection during a cool-down and finishes it afterwards', async () => {
    // Not cached by an earlier test: each needs a request.
    const ids = showById(KEY_IDS.tvSeason1)!.episodes[2]!.imageIds.slice(0, 4);
    t.replica.setFault('tvt', { type: 'rate-limit', retryAfter: 1, times: 1 });
    const created = await post('/api/download', {
      image_urls: ids.map((i) => `/api/images/${i}.jpg?kind=tv&size=thumb`),
      filename_prefix: 'cooling_thumb',
    });
    const id = created.json().download_id;
    const paused = await waitFor(id, (s) => s.status === 'paused', t, 'the pause');
    expect(paused.pause_reason).toMatch(/限流冷却/);
    expect(paused.reason).toMatchObject({ code: 'SOURCE_COOLING', host: expect.any(String) });
    const done = await finished(id);
    expect(done).toMatchObject({ status: 'completed', done_count: 4, failed_count: 0 });
  });

  it('retries a partial task fetching only what is missing', async () => {
    const ids = [robot.episodes[1]!.imageIds[10]!, 999_999_997];
    const created = await post('/api/download', {
      image_urls: ids.map((i) => `/api/images/${i}.jpg?kind=anime&size=thumb`),
      filename_prefix: 'retry',
    });
    const id = created.json().download_id;
    expect((await finished(id)).status).toBe('partial');
    t.replica.resetCounts();
    const retried = await post(`/api/download/${id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect((await finished(id)).status).toBe('partial');
    expect(Object.keys(t.replica.counts().targets.ant)).toEqual(['/999999997.jpg']);
    expect((await post(`/api/download/${id}/retry`, undefined)).statusCode).toBe(200);
    await finished(id);
  });

  it('removes finished tasks from the tray, one or all, with their files', async () => {
    const id = await startWork({ work_url: movieUrl(paperMoon.id), size: 'thumb' });
    await finished(id);
    const file = path.join(t.dataDir, 'downloads', `${id}.zip`);
    expect(existsSync(file)).toBe(true);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/download/${id}`,
      headers: t.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(existsSync(file)).toBe(false);
    const listed = (await get('/api/download')).json().downloads as DownloadStatus[];
    expect(listed.map((d) => d.download_id)).not.toContain(id);
    const all = await t.app.inject({ method: 'DELETE', url: '/api/download', headers: t.headers });
    expect(all.statusCode).toBe(200);
    const left = (await get('/api/download')).json().downloads as DownloadStatus[];
    expect(left.filter((d) => FINISHED_DOWNLOAD_STATES.includes(d.status))).toEqual([]);
  });

  it('refuses bad input with a clear 400 and keeps to one whole-work job per user', async () => {
    const bad = async (body: object, detail: RegExp) => {
      const res = await post('/api/download/work', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().detail).toMatch(detail);
      return res.json();
    };
    await bad(
      { work_url: workUrl(robot.id), size: 'thumb', near_duplicate_threshold: 65 },
      /0 到 64/,
    );
    await bad(
      { work_url: workUrl(robot.id), size: 'thumb', near_duplicate_threshold: -1 },
      /0 到 64/,
    );
    await bad({ work_url: workUrl(987_654), size: 'thumb' }, /没有这部作品/);
    await bad({ work_url: 'https://evil.example.com/x', size: 'thumb' }, /作品地址/);
    const unknown = await bad(
      { work_url: workUrl(robot.id), episode_ids: [robot.episodes[0]!.id, 10_513], size: 'thumb' },
      /不属于这部作品/,
    );
    expect(unknown.unknown_episode_ids).toEqual([10_513]);
    await bad({ work_url: workUrl(robot.id), size: 'huge' }, /.+/);

    const strict = await startBrowseApp();
    try {
      t.replica.clearFaults();
      strict.replica.setFault('ant', { type: 'slow', delayMs: 500 });
      const first = await post(
        '/api/download/work',
        {
          work_url: strict.services.builders.workUrl({
            type: 'movie',
            kind: 'movie',
            id: paperMoon.id,
          }),
          size: 'thumb',
        },
        strict,
      );
      expect(first.statusCode).toBe(202);
      const second = await post(
        '/api/download/work',
        {
          work_url: strict.services.builders.workUrl({ type: 'work', kind: 'anime', id: robot.id }),
          size: 'thumb',
        },
        strict,
      );
      expect(second.statusCode).toBe(429);
      expect(second.json()).toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        task_limit: { kind: 'work', max: 1 },
      });
      expect(second.json().detail).toMatch(/整部下载/);
    } finally {
      await strict.close();
    }
  });

  it('fails a job over the image cap before fetching any image', async () => {
    const capped = await startBrowseApp({ WORK_JOB_MAX_IMAGES: '10' });
    try {
      const id = await startWork(
        {
          work_url: capped.services.builders.workUrl({ type: 'work', kind: 'anime', id: robot.id }),
          size: 'thumb',
        },
        capped,
      );
      capped.replica.resetCounts();
      const done = await finished(id, capped);
      expect(done).toMatchObject({ status: 'failed' });
      expect(done.error).toMatch(/超过单个任务 10 张的上限/);
      expect(done.reason).toEqual({ code: 'TOO_MANY_IMAGES', count: expect.any(Number), max: 10 });
      expect(capped.replica.counts().hosts.ant).toBe(0);
    } finally {
      await capped.close();
    }
  });

  it('fails a job the downloads disk has no room for before fetching any image, and says how much it needs', async () => {
    // About 100 MB free: too little for a season of originals, two copies of each (cache, archive).
    const disks: string[] = [];
    const full = await startBrowseApp(
      {},
      {
        statfs: (dir) => {
          disks.push(dir);
          return Promise.resolve({ bavail: 25_000, bsize: 4096 });
        },
      },
    );
    try {
      const season = showById(KEY_IDS.tvSeason1)!;
      const images = season.episodes.reduce((n, e) => n + e.imageIds.length, 0);
      const id = await startWork(
        {
          work_url: full.services.builders.workUrl({ type: 'work', kind: 'tv', id: season.id }),
          size: 'large',
        },
        full,
      );
      const done = await finished(id, full);
      expect(done).toMatchObject({ status: 'failed', done_count: 0, file_count: images });
      // Nothing is cached yet: each image needs about 2 × 600 KB.
      const needed = Math.ceil((images * 1.2e6) / 1e8) / 10;
      expect(done.error).toBe(
        `磁盘空间不足：约需 ${needed.toFixed(1)} GB，下载目录所在磁盘只剩 0.1 GB`,
      );
      expect(done.reason).toEqual({ code: 'DISK_FULL', needed_gb: needed, free_gb: 0.1 });
      expect(disks).toEqual([path.join(full.dataDir, 'downloads')]);
      // Its episode pages were read to count the images; no image was fetched.
      const counts = full.replica.counts();
      expect(counts.total).toBe(counts.hosts.pages);
      expect(existsSync(path.join(full.dataDir, 'downloads', `${id}.zip`))).toBe(false);
    } finally {
      await full.close();
    }
  });
});
