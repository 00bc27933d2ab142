import type { ArchiveSummary, LayoutOptions } from './layout-options';

// What a kohya archive carries beside its `<repeats>_<name>/` folder so trainers load it as it is:
// `dataset.toml` for kohya's `--dataset_config`, and a README with the same folder set up for
// ai-toolkit and SimpleTuner (docs/datasets.md, "kohya").

const TOML_ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\b': '\\b',
  '\t': '\\t',
  '\n': '\\n',
  '\f': '\\f',
  '\r': '\\r',
};

/** A TOML basic string: quoted, with backslash, quote and control characters escaped. */
export function tomlString(value: string): string {
  let escaped = '';
  for (const c of value) {
    const code = c.charCodeAt(0);
    const control = code < 0x20 || code === 0x7f;
    escaped += TOML_ESCAPES[c] ?? (control ? `\\u${code.toString(16).padStart(4, '0')}` : c);
  }
  return `"${escaped}"`;
}

/** The trigger word's comma-separated tokens: kohya's `keep_tokens` keeps them first when shuffling. */
function triggerTokens(trigger: string): number {
  return trigger.split(',').filter((token) => token.trim() !== '').length;
}

/**
 * kohya's dataset config. With `--dataset_config` kohya reads the repeats from `num_repeats`, not
 * from the folder's name, so both say the same. `image_dir` is relative to where the trainer runs.
 */
export function kohyaToml(options: LayoutOptions, folder: string): string {
  const keep = triggerTokens(options.trigger);
  return [
    '# kohya-ss sd-scripts: --dataset_config=dataset.toml (made by capshelf; see README.md)',
    '# image_dir is relative to the folder the trainer runs in: run it from here, or make it absolute.',
    '[general]',
    'caption_extension = ".txt"',
    `shuffle_caption = ${keep > 0 ? 'true' : 'false'}`,
    `keep_tokens = ${keep}`,
    '',
    '[[datasets]]',
    'enable_bucket = true',
    '',
    '  [[datasets.subsets]]',
    `  image_dir = ${tomlString(folder)}`,
    `  num_repeats = ${options.repeats}`,
    ...(options.trigger ? [`  class_tokens = ${tomlString(options.trigger)}`] : []),
    '  caption_extension = ".txt"',
    `  keep_tokens = ${keep}`,
    '',
  ].join('\n');
}

/** The archive's README: what it holds, and the same folder for kohya, ai-toolkit and SimpleTuner. */
export function kohyaReadme(
  options: LayoutOptions,
  folder: string,
  summary: ArchiveSummary,
): string {
  const { repeats, trigger } = options;
  const caption = [trigger && `the trigger word \`${trigger}\``, summary.tagged && 'the tags']
    .filter(Boolean)
    .join(', then ');
  const here = '/path/to/this/folder';
  return [
    `# ${(options.title || options.name).replace(/\s+/g, ' ')}`,
    '',
    `A kohya-style dataset made by capshelf: ${summary.images} images in \`${folder}/\`, each with`,
    `its caption \`<id>.txt\` beside it (${caption || 'empty: no trigger word, no tagger'}).`,
    '',
    '## kohya-ss sd-scripts',
    '',
    `\`dataset.toml\` describes the folder: ${repeats} repeats (\`num_repeats\`; with`,
    "`--dataset_config` kohya ignores the number in the folder's name), captions `.txt`, and",
    '`keep_tokens` keeps the trigger word first when captions are shuffled. Its `image_dir` is',
    'relative to the folder the trainer runs in: run it from here, or write the full path.',
    '',
    '```sh',
    `cd ${here}`,
    'accelerate launch /path/to/sd-scripts/train_network.py --dataset_config=dataset.toml \\',
    '  --resolution=1024 --output_dir=output …',
    '```',
    '',
    `Without \`--dataset_config\`, \`--train_data_dir=${here}\` reads \`${folder}\` the same way.`,
    '',
    '## ai-toolkit (ostris)',
    '',
    "In the job's YAML, under `config.process[0]`:",
    '',
    '```yaml',
    ...(trigger ? [`trigger_word: ${JSON.stringify(trigger)}`] : []),
    'datasets:',
    `  - folder_path: ${JSON.stringify(`${here}/${folder}`)}`,
    '    caption_ext: "txt"',
    `    num_repeats: ${repeats}`,
    '    shuffle_tokens: false',
    '    cache_latents_to_disk: true',
    '    resolution: [512, 768, 1024]',
    '```',
    '',
    '## SimpleTuner',
    '',
    `\`config/multidatabackend.json\` (SimpleTuner's \`repeats\` counts the extra passes: ${repeats - 1}`,
    `is kohya's ${repeats}):`,
    '',
    '```json',
    simpleTunerBackends(options, `${here}/${folder}`),
    '```',
    '',
  ].join('\n');
}

function simpleTunerBackends(options: LayoutOptions, dir: string): string {
  const id = `capshelf-${options.name}`;
  const backends = [
    {
      id,
      type: 'local',
      instance_data_dir: dir,
      caption_strategy: 'textfile',
      repeats: options.repeats - 1,
      resolution: 1024,
      resolution_type: 'pixel_area',
      minimum_image_size: 0,
      crop: false,
      cache_dir_vae: `cache/vae/${id}`,
    },
    {
      id: 'text-embeds',
      type: 'local',
      dataset_type: 'text_embeds',
      default: true,
      cache_dir: 'cache/text',
    },
  ];
  return JSON.stringify(backends, null, 2);
}
