import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { tomlString } from './kohya-config';
import { ArchiveLayout, type FrameRecord } from './layouts';
import type { LayoutOptions } from './layout-options';
import type { ImageTags } from './tagger';

const frame = (id: number): FrameRecord => ({
  id,
  kind: 'anime',
  work_id: 10690,
  work_title: 'Mr. Kettle: the "Brave"',
  episode_id: 10691,
  episode_title: 'Episode 1',
  position: id - 99,
  source_url: `https://fancaps.example/anime/picture.php?/${id}`,
});
const tagged: ImageTags = {
  rating: 'general',
  tags: [
    { name: 'red_theme', score: 0.9 },
    { name: 'half_tag', score: 0.5 },
  ],
};
// A title and trigger word a naive writer would break: quotes, a backslash, a colon, a newline.
const options: LayoutOptions = {
  export: 'kohya',
  repeats: 7,
  name: 'drill_girl',
  trigger: 'drill "style", \\v2',
  title: 'Mr. Kettle: the "Brave"\nPart 2',
};

/** Lays out frames 100, 101 and 102 (the last one's tagging failed: empty tags) and closes. */
function archive(layout: LayoutOptions) {
  const archiveLayout = new ArchiveLayout(layout);
  const tagsOf = [tagged, tagged, { rating: null, tags: [] }];
  for (const [i, tags] of tagsOf.entries()) {
    const name = archiveLayout.imageName('', `${100 + i}.jpg`);
    archiveLayout.beside(name, frame(100 + i), 'Episode_1', tags);
  }
  return new Map(archiveLayout.closing().map((f) => [f.name, f.body.toString('utf8')]));
}

/** The fenced block of `lang` that follows `heading` in a README. */
function snippet(readme: string, heading: string, lang: string): string {
  const section = readme.slice(readme.indexOf(heading));
  return new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``).exec(section)![1]!;
}

describe('kohya archive: dataset.toml and README', () => {
  it('dataset.toml parses as TOML with the folder, its repeats, the trigger word and keep_tokens', () => {
    const files = archive(options);
    const toml = parseToml(files.get('dataset.toml')!) as {
      general: Record<string, unknown>;
      datasets: { enable_bucket: boolean; subsets: Record<string, unknown>[] }[];
    };
    expect(toml.datasets).toHaveLength(1);
    expect(toml.datasets[0]!.subsets).toEqual([
      {
        // The folder kohya reads without the config names the same repeats.
        image_dir: '7_drill_girl',
        num_repeats: 7,
        class_tokens: 'drill "style", \\v2',
        caption_extension: '.txt',
        // The trigger word is two comma-separated tokens: both stay first when shuffled.
        keep_tokens: 2,
      },
    ]);
    expect(toml.general).toMatchObject({ caption_extension: '.txt', keep_tokens: 2 });
  });

  it('a TOML parser reads back any string as it was: quotes, backslashes, control characters, CJK', () => {
    const nasty = 'a "b" \\c\td\ne\u0007f\u007fg 小水壶 \u{1F600}';
    expect(parseToml(`value = ${tomlString(nasty)}\n`)).toEqual({ value: nasty });
  });

  it('without a trigger word, no class_tokens and nothing kept first', () => {
    const toml = parseToml(archive({ ...options, trigger: '' }).get('dataset.toml')!) as {
      datasets: { subsets: Record<string, unknown>[] }[];
    };
    expect(toml.datasets[0]!.subsets[0]).not.toHaveProperty('class_tokens');
    expect(toml.datasets[0]!.subsets[0]).toMatchObject({ keep_tokens: 0, num_repeats: 7 });
  });

  it('README.md gives ai-toolkit and SimpleTuner configs for the same folder that their parsers read', () => {
    const readme = archive(options).get('README.md')!;
    expect(readme).toContain('3 images in `7_drill_girl/`');
    expect(readme).toContain('--dataset_config=dataset.toml');
    const aiToolkit = parseYaml(snippet(readme, '## ai-toolkit', 'yaml')) as {
      trigger_word: string;
      datasets: Record<string, unknown>[];
    };
    expect(aiToolkit.trigger_word).toBe(options.trigger);
    expect(aiToolkit.datasets[0]).toMatchObject({
      folder_path: '/path/to/this/folder/7_drill_girl',
      caption_ext: 'txt',
      num_repeats: 7,
    });
    const simpleTuner = JSON.parse(snippet(readme, '## SimpleTuner', 'json')) as Record<
      string,
      unknown
    >[];
    expect(simpleTuner[0]).toMatchObject({
      type: 'local',
      instance_data_dir: '/path/to/this/folder/7_drill_girl',
      caption_strategy: 'textfile',
      // SimpleTuner counts extra passes: 6 is kohya's 7.
      repeats: 6,
    });
    expect(simpleTuner[1]).toMatchObject({ dataset_type: 'text_embeds', default: true });
  });
});

describe('hf archive: metadata.jsonl and the dataset card', () => {
  const files = archive({ ...options, export: 'hf' });

  it('every row has file_name and text (the kohya caption), and the same keys as every other', () => {
    const rows = files
      .get('train/metadata.jsonl')!
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(rows.map((row) => row.file_name)).toEqual(['100.jpg', '101.jpg', '102.jpg']);
    expect(rows.map((row) => row.text)).toEqual([
      'drill "style", \\v2, red_theme, half_tag',
      'drill "style", \\v2, red_theme, half_tag',
      'drill "style", \\v2',
    ]);
    const keys = Object.keys(rows[0]!).sort();
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(keys);
    expect(keys).toEqual(expect.arrayContaining(['rating', 'tags', 'source_url', 'episode_id']));
  });

  it('README.md is a dataset card: YAML front matter the Hub reads, the title kept whole', () => {
    const card = files.get('README.md')!;
    const front = /^---\n([\s\S]*?)\n---\n/.exec(card)![1]!;
    expect(parseYaml(front)).toEqual({
      pretty_name: options.title,
      task_categories: ['text-to-image'],
      size_categories: ['n<1K'],
      tags: ['capshelf', 'anime-screenshots'],
    });
    expect(card).toContain('load_dataset("imagefolder"');
  });
});

describe('other layouts', () => {
  it('plain and waifuc add no config or card', () => {
    expect([...archive({ ...options, export: 'plain' }).keys()]).toEqual([]);
    expect([...archive({ ...options, export: 'waifuc' }).keys()]).toEqual([]);
  });
});
