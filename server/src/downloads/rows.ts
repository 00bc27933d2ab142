import type {
  DownloadState,
  DownloadStatus,
  EpisodeProgress,
  SkippedReasons,
  TaskReason,
} from '@capshelf/contract';
import type { Selectable } from 'kysely';
import type { DownloadsTable } from '../db/schema';
import type { JobProgress } from './progress';
import type { TaskNote } from './reasons';

export type DownloadRow = Selectable<DownloadsTable>;

export const UNFINISHED: DownloadState[] = ['pending', 'running', 'paused'];

/** A task as the API shows it. */
export function toStatus(row: DownloadRow): DownloadStatus {
  return {
    download_id: row.id,
    status: row.status,
    file_name: row.file_name,
    file_count: row.file_count,
    done_count: row.done_count,
    failed_count: row.failed_count,
    bytes_written: Number(row.bytes_written),
    error: row.error,
    created_at: row.created_at,
    finished_at: row.finished_at,
    expires_at: row.expires_at,
    job: row.job,
    episodes_total: row.episodes_total,
    episodes_done: row.episodes_done,
    episodes: row.episodes ? (JSON.parse(row.episodes) as EpisodeProgress[]) : null,
    skipped_count: row.skipped_count,
    skipped_reasons: row.skipped_reasons
      ? (JSON.parse(row.skipped_reasons) as SkippedReasons)
      : null,
    pause_reason: row.status === 'paused' ? row.pause_reason : null,
    resume_at: row.status === 'paused' ? row.resume_at : null,
    reason: row.reason ? (JSON.parse(row.reason) as TaskReason) : null,
    eta_seconds: row.status === 'running' ? row.eta_seconds : null,
  };
}

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
