import type { ArchiveSummary, LayoutOptions } from './layout-options';

/** The Hub's size bucket for a number of rows. */
function sizeCategory(rows: number): string {
  if (rows < 1_000) return 'n<1K';
  if (rows < 10_000) return '1K<n<10K';
  if (rows < 100_000) return '10K<n<100K';
  return '100K<n<1M';
}

/**
 * The `hf` archive's dataset card: `README.md` with the Hub's YAML front matter (strings written
 * as JSON strings, which YAML reads as double-quoted scalars, so a title with a colon or a quote
 * stays one value), then what the columns hold and how to load it.
 */
export function hfCard(options: LayoutOptions, summary: ArchiveSummary): string {
  const title = options.title || options.name;
  const tagColumns = summary.tagged
    ? ["- `rating`, `tags`: the WD14 tagger's rating and tags (highest score first)."]
    : [];
  return [
    '---',
    `pretty_name: ${JSON.stringify(title)}`,
    'task_categories:',
    '  - text-to-image',
    'size_categories:',
    `  - ${JSON.stringify(sizeCategory(summary.images))}`,
    'tags:',
    '  - capshelf',
    '  - anime-screenshots',
    '---',
    '',
    `# ${title.replace(/\s+/g, ' ')}`,
    '',
    `${summary.images} frames, made by capshelf as a Hugging Face ImageFolder: the pictures in`,
    '`train/`, and `train/metadata.jsonl` with one row per picture.',
    '',
    '- `file_name`: the picture, relative to `metadata.jsonl`.',
    `- \`text\`: its caption, as kohya's: ${options.trigger ? `the trigger word \`${options.trigger}\`, then the tags` : 'the tags'}.`,
    '- `id`, `kind`, `work_id`, `work_title`, `episode_id`, `episode_title`, `position`, `source_url`:',
    '  where the frame comes from.',
    ...tagColumns,
    '',
    '```python',
    'from datasets import load_dataset',
    'ds = load_dataset("imagefolder", data_dir="/path/to/this/folder", split="train")',
    'ds[0]["text"]',
    '```',
    '',
    'To put it on the Hub: `hf upload <you>/<name> . --repo-type=dataset` from this folder.',
    'The frames are stills of a published work: its rights holders decide whether they may be shared.',
    '',
  ].join('\n');
}
