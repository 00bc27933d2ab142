import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { FINISHED_DOWNLOAD_STATES, type DownloadStatus } from '@capshelf/contract';
import { KEY_IDS, renderImage, showById } from '@capshelf/replica';
import { startBrowseApp } from './support/browse';
import { describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import {
  finished,
  get,
  movieUrl,
  paperMoon,
  post,
  robot,
  startWork,
  t,
  waitFor,
  workUrl,
  zipOf,
  useWorkJobsApp,
} from './support/work-jobs';

useWorkJobsApp();

describe(`whole-work downloads (${databaseKind})`, () => {
  it('cancels a running job: nothing more is written, no partial file, the slot is free', async () => {
    t.replica.setFault('ancdn', { type: 'slow', delayMs: 300 });
    const id = await startWork({ work_url: workUrl(KEY_IDS.bigEpisode - 2), size: 'small' });
    await waitFor(id, (s) => s.status === 'running' && s.done_count > 0);
    const cancelled = await post(`/api/download/${id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    const downloads = path.join(t.dataDir, 'downloads');
    await new Promise((resolve) => setTimeout(resolve, 400));
    const left = existsSync(downloads) ? readdirSync(downloads) : [];
    expect(left.filter((n) => n.startsWith(id))).toEqual([]);
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
    // Which part of the source, in words: never its host:port.
    expect(paused.pause_reason).toMatch(/^图片源站限流，\d+ 秒后自动继续$/);
    expect(paused.reason).toMatchObject({ code: 'SOURCE_COOLING', source: 'images' });
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
      // Only the job's check is watched here (the image cache reads the disk for CACHE_MIN_FREE).
      { CACHE_MIN_FREE: '0' },
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
      expect(disks).toEqual([full.dataDir]);
      // Its episode pages were read to count the images; no image was fetched.
      const counts = full.replica.counts();
      expect(counts.total).toBe(counts.hosts.pages);
      expect(existsSync(path.join(full.dataDir, 'downloads', `${id}.zip`))).toBe(false);
    } finally {
      await full.close();
    }
  });
});
