import path from 'node:path';
import { datasetEpisodeFrames, KEY_IDS, showById } from '@capshelf/replica';
import { describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { finished, startWork, useWorkJobsApp, workUrl, zipOf } from './support/work-jobs';

useWorkJobsApp();

const show = showById(KEY_IDS.datasetShow)!;
const all = show.episodes.flatMap((e) => e.imageIds);
const kept = show.episodes.flatMap((e, n) =>
  e.imageIds.filter((_, i) => datasetEpisodeFrames(n)[i]!.truth === 'keep'),
);

async function archive(options: object) {
  const id = await startWork({ work_url: workUrl(show.id), size: 'thumb', ...options });
  expect((await finished(id)).status).toBe('completed');
  const entries = await zipOf(id);
  return new Map(entries.map((e) => [e.name, e.data]));
}
const idOf = (name: string) => Number(path.posix.basename(name, '.jpg'));

describe(`export layouts, read back by each tool's rules (${databaseKind})`, () => {
  it('kohya: one <repeats>_<name> folder, a caption with the trigger word beside every image', async () => {
    const files = await archive({
      export: 'kohya',
      kohya_repeats: 3,
      kohya_name: 'drill girl',
      trigger_word: 'drill_style',
      skip_near_duplicates: true,
      quality_filters: ['dark', 'blank', 'blurry'],
    });
    // kohya's dataset rule: each subfolder of train_data_dir is `<repeats>_<concept>`, and an
    // image's caption is the file of the same stem with the caption extension (.txt).
    const images = [...files.keys()].filter((name) => name.endsWith('.jpg'));
    for (const name of files.keys()) expect(name).toMatch(/^(\d+)_([^/]+)\/[^/]+$/);
    expect(
      new Set(images.map((name) => /^(\d+)_([^/]+)\//.exec(name)!.slice(1).join(' '))),
    ).toEqual(new Set(['3 drill_girl']));
    expect(images.map(idOf)).toEqual(kept);
    for (const image of images)
      expect(files.get(image.replace(/\.jpg$/, '.txt'))?.toString('utf8')).toBe('drill_style\n');
    expect(files.size).toBe(images.length * 2);
  });

  it('waifuc: a `.<stem>_meta.json` beside each image with the episode as its group', async () => {
    const files = await archive({ export: 'waifuc' });
    const images = [...files.keys()].filter((name) => name.endsWith('.jpg'));
    expect(images.map(idOf)).toEqual(all);
    for (const image of images) {
      // waifuc's ImageItem.load_from_image: <dir>/.<file body>_meta.json, used as the item's meta.
      const dir = path.posix.dirname(image);
      const sidecar = files.get(`${dir}/.${idOf(image)}_meta.json`);
      const meta = JSON.parse(sidecar!.toString('utf8'));
      const episode = show.episodes.find((e) => e.imageIds.includes(idOf(image)))!;
      expect(meta).toMatchObject({
        id: idOf(image),
        filename: `${idOf(image)}.jpg`,
        group_id: path.posix.basename(dir),
        work_id: show.id,
        episode_id: episode.id,
        episode_title: episode.label,
      });
      expect(path.posix.basename(dir)).toBe(episode.label.replace(' ', '_'));
    }
    expect(files.size).toBe(images.length * 2);
  });

  it('hf: an ImageFolder whose train/metadata.jsonl names every image in its file_name column', async () => {
    const files = await archive({ export: 'hf', skip_near_duplicates: true, metadata: true });
    const images = [...files.keys()].filter((name) => name.endsWith('.jpg'));
    for (const image of images) expect(image).toMatch(/^train\/[^/]+\.jpg$/);
    // datasets' imagefolder: metadata.jsonl beside the images, `file_name` relative to it.
    const rows = files
      .get('train/metadata.jsonl')!
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(rows.map((row) => `train/${row.file_name}`)).toEqual(images);
    expect(rows[0]).toMatchObject({
      work_id: show.id,
      episode_id: show.episodes[0]!.id,
      position: 1,
    });
    // The capshelf metadata files stay at the top, outside the split.
    expect(files.has('metadata.csv')).toBe(true);
  });
});
