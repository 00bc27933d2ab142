import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { KEY_IDS, showById } from '@capshelf/replica';
import { describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { ownUrl } from './support/downloads';
import { finished, post, t, useWorkJobsApp, zipOf } from './support/work-jobs';
import { jsonLines } from './support/zip';

useWorkJobsApp();

const show = showById(KEY_IDS.datasetShow)!;
const episode = show.episodes[1]!;
// The selection, in the grid's order: the episode's first four frames and the next episode's first.
const chosen = [...episode.imageIds.slice(0, 4), show.episodes[2]!.imageIds[0]!];

/** The page lists the episodes before a selection is made: the directory knows where each image is. */
async function browse() {
  const workUrl = t.services.builders.workUrl({ type: 'work', kind: 'anime', id: show.id });
  await t.services.catalog.episodes(workUrl, 'anime');
  for (const e of show.episodes.slice(1))
    await t.services.catalog.episodeImages({ type: 'episode', kind: 'anime', id: e.id }, 'smart');
}

async function selection(options: object) {
  await browse();
  const res = await post('/api/download', {
    image_urls: chosen.map((id) => ownUrl(id, 'thumb')),
    filename_prefix: 'picks',
    // Every chosen image, whatever the layout would leave out by default.
    skip_near_duplicates: false,
    quality_filters: [],
    ...options,
  });
  expect(res.statusCode, res.body).toBe(202);
  const id = res.json().download_id as string;
  expect((await finished(id)).status).toBe('completed');
  return new Map((await zipOf(id)).map((e) => [e.name, e.data]));
}
const images = (files: Map<string, Buffer>) => [...files.keys()].filter((n) => n.endsWith('.jpg'));
const idOf = (name: string) => Number(/_(\d+)\.jpg$/.exec(name)![1]);

describe(`selection downloads in every export layout, read back by each tool's rules (${databaseKind})`, () => {
  it('plain: the names as before, with metadata.csv/jsonl placing each image in its work and episode', async () => {
    const files = await selection({ metadata: true });
    expect(images(files)).toEqual(chosen.map((id) => `picks_${id}.jpg`));
    const rows = parse(files.get('metadata.csv')!.toString('utf8'), {
      bom: true,
      columns: true,
    }) as Record<string, string>[];
    expect(rows.map((row) => [row.file_name, Number(row.work_id), Number(row.episode_id)])).toEqual(
      chosen.map((id, i) => [
        `picks_${id}.jpg`,
        show.id,
        i < 4 ? episode.id : show.episodes[2]!.id,
      ]),
    );
    expect(rows.map((row) => Number(row.position))).toEqual([1, 2, 3, 4, 1]);
    expect(rows[0]).toMatchObject({ work_title: show.title, episode_title: episode.label });
    expect(files.has('metadata.jsonl')).toBe(true);
  });

  it('kohya: one <repeats>_<name> folder (the prefix unless named), a caption of the same stem beside each image', async () => {
    const files = await selection({
      export: 'kohya',
      kohya_repeats: 5,
      trigger_word: 'picks_style',
    });
    for (const name of files.keys())
      if (name !== 'dataset.toml' && name !== 'README.md')
        expect(name).toMatch(/^5_picks\/[^/]+\.(jpg|txt)$/);
    expect(files.get('dataset.toml')?.toString('utf8')).toContain('image_dir = "5_picks"');
    expect(images(files).map(idOf)).toEqual(chosen);
    for (const image of images(files))
      expect(files.get(image.replace(/\.jpg$/, '.txt'))?.toString('utf8')).toBe('picks_style\n');
    const named = await selection({ export: 'kohya', kohya_name: 'my set' });
    expect(images(named)[0]).toMatch(/^10_my_set\//);
  });

  it('waifuc: a `.<stem>_meta.json` beside each image, the selection as its group', async () => {
    const files = await selection({ export: 'waifuc' });
    expect(images(files).map(idOf)).toEqual(chosen);
    for (const image of images(files)) {
      const dir = path.posix.dirname(image);
      const stem = path.posix.basename(image, '.jpg');
      const sidecar = files.get(`${dir === '.' ? '' : `${dir}/`}.${stem}_meta.json`);
      expect(JSON.parse(sidecar!.toString('utf8'))).toMatchObject({
        id: idOf(image),
        filename: `${stem}.jpg`,
        group_id: 'picks',
        work_id: show.id,
      });
    }
    expect(files.size).toBe(chosen.length * 2);
  });

  it('hf: train/ with a metadata.jsonl whose file_name names every image', async () => {
    const files = await selection({ export: 'hf' });
    const rows = jsonLines(files.get('train/metadata.jsonl'));
    expect(rows.map((row) => `train/${row.file_name}`)).toEqual(images(files));
    expect(images(files).map(idOf)).toEqual(chosen);
    expect(rows[4]).toMatchObject({ episode_id: show.episodes[2]!.id, position: 1 });
  });

  it('refuses a layout it does not know and repeats below 1, in the contract shape', async () => {
    for (const bad of [{ export: 'csv' }, { export: 'kohya', kohya_repeats: 0 }]) {
      const res = await post('/api/download', { image_urls: [ownUrl(chosen[0]!)], ...bad });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});
