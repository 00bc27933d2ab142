import type { EpisodeProgress } from '@capshelf/contract';
import type { TaskNote } from './reasons';

/** How far a job has come: the runner writes it down, the task's status answers with it. */
export interface JobProgress {
  fileCount: number;
  done: number;
  failed: number;
  skipped: number;
  bytes: number;
  episodesTotal: number | null;
  episodesDone: number | null;
  episodes: EpisodeProgress[] | null;
}

export type JobOutcome =
  | { status: 'completed' | 'partial'; progress: JobProgress }
  | { status: 'failed'; note: TaskNote; progress: JobProgress };
