import type { ExportLayout } from '@capshelf/contract';

/** How an archive is laid out (`layoutOf` a task's dataset options). */
export interface LayoutOptions {
  export: ExportLayout;
  /** kohya: the folder's repeat count and concept name, and the caption's trigger word. */
  repeats: number;
  name: string;
  trigger: string;
  /** The work's title (or the selection's prefix), as the archive's README names it. */
  title: string;
}

/** What the files that close an archive tell of it. */
export interface ArchiveSummary {
  /** Images in the archive. */
  images: number;
  /** Whether the captions and rows carry a tagger's tags. */
  tagged: boolean;
}
