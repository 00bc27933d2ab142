import path from 'node:path';
import { datasetEpisodeFrames, KEY_IDS, showById } from '@capshelf/replica';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { databaseKind } from './helpers';
import { finished, get, startWork, useWorkJobsApp, workUrl, zipOf } from './support/work-jobs';
import { jsonLines } from './support/zip';

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
    const top = ['dataset.toml', 'README.md'];
    for (const name of files.keys())
      if (!top.includes(name)) expect(name).toMatch(/^(\d+)_([^/]+)\/[^/]+$/);
    expect(
      new Set(images.map((name) => /^(\d+)_([^/]+)\//.exec(name)!.slice(1).join(' '))),
    ).toEqual(new Set(['3 drill_girl']));
    expect(images.map(idOf)).toEqual(kept);
    for (const image of images)
      expect(files.get(image.replace(/\.jpg$/, '.txt'))?.toString('utf8')).toBe('drill_style\n');
    // Beside the folder: kohya's --dataset_config, whose repeats match the folder's (kohya
    // ignores the folder's number with a config), and a README for the other trainers.
    const toml = parseToml(files.get('dataset.toml')!.toString('utf8')) as {
      datasets: { subsets: Record<string, unknown>[] }[];
    };
    expect(toml.datasets[0]!.subsets).toEqual([
      {
        image_dir: '3_drill_girl',
        num_repeats: 3,
        class_tokens: 'drill_style',
        caption_extension: '.txt',
        keep_tokens: 1,
      },
    ]);
    const readme = files.get('README.md')!.toString('utf8');
    expect(readme).toContain(`${images.length} images in \`3_drill_girl/\``);
    expect(readme).toContain('folder_path: "/path/to/this/folder/3_drill_girl"');
    expect(readme).toContain('"caption_strategy": "textfile"');
    expect(files.size).toBe(images.length * 2 + 2);
  });

  it('without a tagger, the download list names no model (the dialogs show no tag badge)', async () => {
    expect((await get('/api/download')).json().storage.tagger_model).toBeNull();
  });

  it('kohya, waifuc and hf leave out near-duplicates and bad frames unless told; a plain ZIP keeps all', async () => {
    const kohya = await archive({ export: 'kohya' });
    expect([...kohya.keys()].filter((n) => n.endsWith('.jpg')).map(idOf)).toEqual(kept);
    const plain = await archive({});
    expect([...plain.keys()].filter((n) => n.endsWith('.jpg')).map(idOf)).toEqual(all);
    const told = await archive({ export: 'hf', skip_near_duplicates: false, quality_filters: [] });
    expect([...told.keys()].filter((n) => n.endsWith('.jpg')).map(idOf)).toEqual(all);
  });

  it('waifuc: a `.<stem>_meta.json` beside each image with the episode as its group', async () => {
    const files = await archive({
      export: 'waifuc',
      skip_near_duplicates: false,
      quality_filters: [],
    });
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
    const files = await archive({ export: 'hf', metadata: true, trigger_word: 'drill_style' });
    const images = [...files.keys()].filter((name) => name.endsWith('.jpg'));
    for (const image of images) expect(image).toMatch(/^train\/[^/]+\.jpg$/);
    // datasets' imagefolder: metadata.jsonl beside the images, `file_name` relative to it; `text`
    // is the caption text-to-image scripts read (the trigger word; no tagger here).
    const rows = jsonLines(files.get('train/metadata.jsonl'));
    expect(rows.map((row) => `train/${row.file_name}`)).toEqual(images);
    expect(rows.map((row) => row.text)).toEqual(images.map(() => 'drill_style'));
    expect(rows[0]).toMatchObject({
      work_id: show.id,
      episode_id: show.episodes[0]!.id,
      position: 1,
    });
    // The capshelf metadata files stay at the top, outside the split, with the same key.
    expect(files.has('metadata.csv')).toBe(true);
    const top = jsonLines(files.get('metadata.jsonl'));
    expect(top.map((row) => row.file_name)).toEqual(images);
    for (const row of top) expect(row).not.toHaveProperty('file');
    // A dataset card at the top, its front matter YAML the Hub reads.
    const card = files.get('README.md')!.toString('utf8');
    const front = parseYaml(/^---\n([\s\S]*?)\n---\n/.exec(card)![1]!);
    expect(front).toMatchObject({ pretty_name: show.title, task_categories: ['text-to-image'] });
  });
});
