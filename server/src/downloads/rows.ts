import type { DownloadState } from '@capshelf/contract';
import type { Selectable } from 'kysely';
import type { DownloadsTable } from '../db/schema';
import type { JobProgress } from './progress';
import type { TaskNote } from './reasons';

export type DownloadRow = Selectable<DownloadsTable>;

export const UNFINISHED: DownloadState[] = ['pending', 'running', 'paused'];

/** States whose archive is on disk and served (until it expires). */
export const SERVABLE: DownloadState[] = ['completed', 'partial'];

export const now = () => new Date().toISOString();

/** A job's progress as the row keeps it. */
export function progressColumns(p: JobProgress) {
  return {
    file_count: p.fileCount,
    done_count: p.done,
    failed_count: p.failed,
    skipped_count: p.skipped,
    skipped_reasons: p.skippedReasons ? JSON.stringify(p.skippedReasons) : null,
    bytes_written: p.bytes,
    episodes_total: p.episodesTotal,
    episodes_done: p.episodesDone,
    episodes: p.episodes ? JSON.stringify(p.episodes) : null,
  };
}

/** A finished task's `error` text and its reason (both cleared with null). */
export function noteColumns(note: TaskNote | null) {
  return { error: note?.text ?? null, reason: note ? JSON.stringify(note.reason) : null };
}
