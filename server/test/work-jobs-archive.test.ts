import { createHash } from 'node:crypto';
import path from 'node:path';
import type { EpisodeProgress } from '@capshelf/contract';
import { SCENE_FRAMES, renderImage } from '@capshelf/replica';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import {
  finished,
  movieUrl,
  paperMoon,
  post,
  robot,
  scenes,
  startWork,
  t,
  workUrl,
  zipOf,
  useWorkJobsApp,
} from './support/work-jobs';

useWorkJobsApp();

describe(`whole-work downloads (${databaseKind})`, () => {
  it('puts every episode of a work in one ZIP as <work>/<episode>/<id>.jpg, byte for byte', async () => {
    const id = await startWork({ work_url: workUrl(robot.id), size: 'thumb' });
    const done = await finished(id);
    const total = robot.episodes.reduce((n, e) => n + e.imageIds.length, 0);
    expect(done).toMatchObject({
      status: 'completed',
      job: 'work',
      file_name: expect.stringMatching(/^Koi_to_Robot_\(Remake\)_thumb_[a-z2-9]{4}\.zip$/),
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
    expect(done.file_name).toMatch(/^Paper_Moon_Express_\(1999\)_thumb_[a-z2-9]{4}\.zip$/);
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
    expect(rows.map((r) => r.file_name)).toEqual(images.map((e) => e.name));
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
      '\ufefffile_name,id,kind,work_id,work_title,episode_id,episode_title,position,width,height,bytes,sha256,phash,source_url',
    );
    const parsed = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
    expect(parsed).toEqual(
      rows.map((row) =>
        Object.fromEntries(Object.entries(row).map(([key, value]) => [key, String(value)])),
      ),
    );
  });
});
