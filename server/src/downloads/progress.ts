import type { EpisodeProgress, SkippedReasons } from '@capshelf/contract';
import type { TaskNote } from './reasons';

/** How far a job has come: the runner writes it down, the task's status answers with it. */
export interface JobProgress {
  fileCount: number;
  done: number;
  failed: number;
  skipped: number;
  /** Frames left out by each reason; null when the task has no filter. */
  skippedReasons: SkippedReasons | null;
  bytes: number;
  episodesTotal: number | null;
  episodesDone: number | null;
  episodes: EpisodeProgress[] | null;
}

export type JobOutcome =
  | {
      status: 'completed' | 'partial';
      progress: JobProgress;
      /** Where it was written on the server, relative to `LIBRARY_DIR`; null: a ZIP alone. */
      libraryPath: string | null;
    }
  | { status: 'failed'; note: TaskNote; progress: JobProgress };
