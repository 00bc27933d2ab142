import type { DatasetOptions, SkippedReasons } from '@capshelf/contract';
import type { Kind } from '../config';
import type { ImageFacts } from '../images';
import { FrameSieve, noneSkipped, type Dropped, type DropReason } from './filter';
import { ArchiveLayout, tagColumns, type ArchiveText, type FrameRecord } from './layouts';
import { metadataCsv, metadataJsonl, metadataRow, type MetadataRow } from './metadata';
import { filterOf, layoutOf } from './options';
import { ReviewOverrides } from './review-overrides';
import { editTags } from './tag-edits';
import { JobTags, type ImageTagger } from './tagger';

/** What a build knows besides the options. */
export interface BuildContext {
  /** kohya's concept name unless the options give one: the work's title, or the selection's prefix. */
  title?: string;
  /** The review's decisions over the filter's (制作数据集). */
  keepIds?: number[];
  dropIds?: number[];
  /** The admin's WD14 tagger; absent: no tags (docs/datasets.md, "Tags"). */
  tagger?: ImageTagger | null;
}

/** Where an episode's frames go. */
export interface EpisodePlace {
  /** The plain layout's folder: `<work>/<episode>/`, or empty for a selection. */
  folder: string;
  /** waifuc's `group_id`: the episode's folder name, or the selection's prefix. */
  group: string;
  /** Its images, whose stored tags are read at once. */
  images: { kind: Kind; id: number }[];
}

/** A fetched frame, as the build places and describes it. */
export interface BuildFrame {
  kind: Kind;
  id: number;
  /** Its file name (a work's `<id>.jpg`, a selection's `<prefix>_<id>.jpg`). */
  file: string;
  /** Reads the cached picture (the tagger reads it when it has no tags for it yet). */
  picture: () => Promise<Buffer>;
  /** What the layouts and metadata tell of it: given when the build `describes`, else null. */
  record: FrameRecord | null;
}

/** A frame left out (`reason` null: the user dropped it), or kept: its entry and what goes beside it. */
export type Considered = { dropped: DropReason | null } | { name: string; beside: ArchiveText[] };

/**
 * A dataset built frame by frame in the job's order (episode order, then each listing): which
 * frames are left out (the filter, then the review's decisions over it), where a kept one goes in
 * the archive and what goes beside it (caption, sidecar, tags, metadata row), and what closes the
 * archive. The review decides with it too, so it keeps and drops exactly the frames the job will.
 */
export class DatasetBuild {
  /** Whether frames are described (any layout but plain, or metadata): the job then gives `record`. */
  readonly describes: boolean;
  /** Whether frames need their facts: to be filtered, or for the metadata rows. */
  readonly needsFacts: boolean;
  private readonly sieve: FrameSieve<number> | null;
  private readonly overrides: ReviewOverrides;
  private readonly layout: ArchiveLayout;
  private readonly tags: JobTags | null;
  private readonly rows: MetadataRow[] = [];
  private place: EpisodePlace = { folder: '', group: '', images: [] };

  constructor(
    private readonly options: DatasetOptions,
    context: BuildContext = {},
  ) {
    const filter = filterOf(options);
    this.sieve = filter ? new FrameSieve<number>(filter) : null;
    this.overrides = new ReviewOverrides(context);
    this.layout = new ArchiveLayout(layoutOf(options, context.title ?? ''));
    this.describes = options.export !== 'plain' || options.metadata;
    this.tags = context.tagger && this.describes ? new JobTags(context.tagger) : null;
    this.needsFacts = filter !== null || options.metadata;
  }

  /** A fresh count of frames left out per reason; null when nothing is filtered. */
  skippedReasons(): SkippedReasons | null {
    return this.sieve ? noneSkipped() : null;
  }

  /** A new episode begins: with the `episode` scope earlier frames no longer count. */
  async episode(place?: EpisodePlace): Promise<void> {
    this.sieve?.nextEpisode();
    if (!place) return;
    this.place = place;
    await this.tags?.prepare(place.images);
  }

  /** The filter's own decision on a measured frame (what the review shows). */
  decide(id: number, facts: ImageFacts): Dropped<number> | null {
    return this.sieve?.consider(id, facts) ?? null;
  }

  /**
   * The job's decision on a frame and, when kept, its entry. A frame that could not be measured
   * (no facts) is kept: nothing says it repeats or is bad.
   */
  async consider(frame: BuildFrame, facts: ImageFacts | null): Promise<Considered> {
    const dropped = this.overrides.apply(frame.id, facts && this.decide(frame.id, facts));
    if (dropped) return { dropped: dropped.reason };
    const name = this.layout.imageName(this.place.folder, frame.file);
    if (!frame.record) return { name, beside: [] };
    const tags = editTags(
      (await this.tags?.of(frame.kind, frame.id, frame.picture)) ?? null,
      this.options.tag_edits,
    );
    if (this.options.metadata && facts)
      this.rows.push(metadataRow({ file_name: name, ...frame.record, ...tagColumns(tags) }, facts));
    return { name, beside: this.layout.beside(name, frame.record, this.place.group, tags) };
  }

  /** The metadata rows of the frames kept so far (with `metadata` on): a library folder splits them by episode. */
  metadataRows(): readonly MetadataRow[] {
    return this.rows;
  }

  /** What closes the archive once every frame is in: the layout's own files, then the metadata. */
  closing(): ArchiveText[] {
    const closing = this.layout.closing();
    if (!this.options.metadata) return closing;
    return [
      ...closing,
      { name: 'metadata.csv', body: metadataCsv(this.rows, this.tags !== null) },
      { name: 'metadata.jsonl', body: metadataJsonl(this.rows) },
    ];
  }
}
