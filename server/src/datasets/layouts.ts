import type { ExportLayout } from '@capshelf/contract';

/** One image of a whole-work archive, as every layout describes it. */
export interface FrameRecord {
  id: number;
  kind: string;
  work_id: number;
  work_title: string;
  episode_id: number;
  episode_title: string;
  /** 1-based position in the episode's listing. */
  position: number;
  source_url: string;
}

export interface LayoutOptions {
  export: ExportLayout;
  /** kohya: the folder's repeat count and concept name, and the caption's trigger word. */
  repeats: number;
  name: string;
  trigger: string;
}

export interface ArchiveText {
  name: string;
  body: Buffer;
}

/**
 * Where each image goes in the archive and what goes beside it, for the layouts training tools
 * read as they are (docs/datasets.md):
 * - `plain`: `<work>/<episode>/<id>.jpg`, capshelf's own;
 * - `kohya`: `<repeats>_<name>/<id>.jpg` with the caption `<id>.txt` beside it;
 * - `waifuc`: `<work>/<episode>/<id>.jpg` with `.<id>_meta.json` beside it, as waifuc's
 *   `ImageItem.load_from_image` reads it (the episode as `group_id`);
 * - `hf`: `train/<id>.jpg` and `train/metadata.jsonl`, an ImageFolder with a `file_name` column.
 * Image ids are unique within a work (one kind), so `<id>.jpg` names one image.
 */
export class ArchiveLayout {
  private readonly hfRows: string[] = [];

  constructor(private readonly options: LayoutOptions) {}

  /** The image's entry name; `folder` is the plain layout's `<work>/<episode>/`. */
  imageName(folder: string, frame: FrameRecord): string {
    const file = `${frame.id}.jpg`;
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
  beside(imageName: string, frame: FrameRecord, group: string): ArchiveText[] {
    const stem = imageName.slice(0, -'.jpg'.length);
    switch (this.options.export) {
      case 'kohya':
        return [{ name: `${stem}.txt`, body: Buffer.from(`${this.options.trigger}\n`, 'utf8') }];
      case 'waifuc': {
        const slash = stem.lastIndexOf('/');
        const meta = { ...frame, group_id: group, filename: `${frame.id}.jpg` };
        return [
          {
            name: `${stem.slice(0, slash + 1)}.${stem.slice(slash + 1)}_meta.json`,
            body: Buffer.from(JSON.stringify(meta), 'utf8'),
          },
        ];
      }
      case 'hf':
        this.hfRows.push(JSON.stringify({ file_name: `${frame.id}.jpg`, ...frame }));
        return [];
      default:
        return [];
    }
  }

  /** What the layout adds once every image is in. */
  closing(): ArchiveText[] {
    if (this.options.export !== 'hf') return [];
    const body = this.hfRows.map((row) => `${row}\n`).join('');
    return [{ name: 'train/metadata.jsonl', body: Buffer.from(body, 'utf8') }];
  }
}
