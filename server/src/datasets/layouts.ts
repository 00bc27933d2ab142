import { hfCard } from './hf-card';
import { kohyaReadme, kohyaToml } from './kohya-config';
import type { ArchiveSummary, LayoutOptions } from './layout-options';
import type { ImageTags } from './tagger';

/**
 * One image of an archive, as every layout describes it. A selection's image the directory does
 * not place in a work (never listed here) has null work and episode fields.
 */
export interface FrameRecord {
  id: number;
  kind: string;
  work_id: number | null;
  work_title: string | null;
  episode_id: number | null;
  episode_title: string | null;
  /** 1-based position in the episode's listing. */
  position: number | null;
  source_url: string;
}

export interface ArchiveText {
  name: string;
  body: Buffer;
}

/**
 * Where each image goes in the archive and what goes beside it, for the layouts training tools
 * read as they are (docs/datasets.md):
 * - `plain`: `<folder>/<file>`, capshelf's own (a work's `<work>/<episode>/`);
 * - `kohya`: `<repeats>_<name>/<file>` with the caption `<stem>.txt` beside it (the trigger word,
 *   then the image's tags when a tagger is set);
 * - `waifuc`: `<folder>/<file>` with `.<stem>_meta.json` beside it, as waifuc's
 *   `ImageItem.load_from_image` reads it (`group_id`: the episode, or the selection);
 * - `hf`: `train/<file>` and `train/metadata.jsonl`, an ImageFolder with a `file_name` column and
 *   a `text` column (the kohya caption), and a dataset card `README.md`.
 * kohya's archive also carries `dataset.toml` (its `--dataset_config`) and a `README.md` with the
 * same folder set up for ai-toolkit and SimpleTuner. File names are unique within the archive (a
 * work's `<id>.jpg`, a selection's `<prefix>_<id>.jpg`).
 */
export class ArchiveLayout {
  private readonly hfRows: string[] = [];
  private readonly summary: ArchiveSummary = { images: 0, tagged: false };

  constructor(private readonly options: LayoutOptions) {}

  /** The image's entry name; `folder` is the plain layout's (ending in `/`, or empty). */
  imageName(folder: string, file: string): string {
    switch (this.options.export) {
      case 'kohya':
        return `${this.options.repeats}_${this.options.name}/${file}`;
      case 'hf':
        return `train/${file}`;
      default:
        return `${folder}${file}`;
    }
  }

  /** What goes beside one image (its caption or sidecar); the `hf` rows wait for `closing`. */
  beside(
    imageName: string,
    frame: FrameRecord,
    group: string,
    tags: ImageTags | null,
  ): ArchiveText[] {
    const slash = imageName.lastIndexOf('/');
    const file = imageName.slice(slash + 1);
    const stem = imageName.slice(0, -'.jpg'.length);
    this.summary.images++;
    if (tags) this.summary.tagged = true;
    switch (this.options.export) {
      case 'kohya':
        return [{ name: `${stem}.txt`, body: Buffer.from(`${this.caption(tags)}\n`, 'utf8') }];
      case 'waifuc': {
        // waifuc's tagging actions keep `tags` as {tag: score}; its exporters read the keys.
        const scores = tags && Object.fromEntries(tags.tags.map((t) => [t.name, t.score]));
        const meta = { ...frame, group_id: group, filename: file, ...(scores && { tags: scores }) };
        return [
          {
            name: `${stem.slice(0, slash + 1)}.${stem.slice(slash + 1)}_meta.json`,
            body: Buffer.from(JSON.stringify(meta), 'utf8'),
          },
        ];
      }
      case 'hf':
        // `text`: what text-to-image scripts read as the caption, the same as kohya's.
        this.hfRows.push(
          JSON.stringify({
            file_name: file,
            ...frame,
            ...tagColumns(tags),
            text: this.caption(tags),
          }),
        );
        return [];
      default:
        return [];
    }
  }

  /** What the layout adds once every image is in: its lists, configs and README. */
  closing(): ArchiveText[] {
    const text = (name: string, body: string) => ({ name, body: Buffer.from(body, 'utf8') });
    const folder = `${this.options.repeats}_${this.options.name}`;
    switch (this.options.export) {
      case 'kohya':
        return [
          text('dataset.toml', kohyaToml(this.options, folder)),
          text('README.md', kohyaReadme(this.options, folder, this.summary)),
        ];
      case 'hf':
        return [
          text('train/metadata.jsonl', this.hfRows.map((row) => `${row}\n`).join('')),
          text('README.md', hfCard(this.options, this.summary)),
        ];
      default:
        return [];
    }
  }

  /** kohya's caption: the trigger word, then the tags (highest score first), comma-separated. */
  private caption(tags: ImageTags | null): string {
    const words = [this.options.trigger, ...(tags?.tags.map((t) => t.name) ?? [])];
    return words.filter((word) => word !== '').join(', ');
  }
}

/** The tag columns of a metadata row: the rating, and the tags above the threshold. */
export function tagColumns(tags: ImageTags | null): { rating?: string | null; tags?: string[] } {
  return tags ? { rating: tags.rating, tags: tags.tags.map((t) => t.name) } : {};
}
