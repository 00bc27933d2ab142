import type {
  DownloadSize,
  DownloadStatus,
  EpisodeProgress,
  SkippedReasons,
  TaskReason,
} from '@capshelf/contract';
import type { ImageSize } from '../config';
import { SERVABLE, type DownloadRow } from './rows';
import { taskSpecOf, type TaskSpec } from './task-spec';

/** A task as the API shows it. */
export function toStatus(row: DownloadRow): DownloadStatus {
  return {
    ...progressOf(row),
    ...contentsOf(row),
    download_id: row.id,
    status: row.status,
    file_name: row.file_name,
    error: row.error,
    created_at: row.created_at,
    finished_at: row.finished_at,
    expires_at: row.expires_at,
    job: row.job,
    pause_reason: row.status === 'paused' ? row.pause_reason : null,
    resume_at: row.status === 'paused' ? row.resume_at : null,
    reason: row.reason ? (JSON.parse(row.reason) as TaskReason) : null,
    eta_seconds: row.status === 'running' ? row.eta_seconds : null,
    held: row.status === 'paused' && row.held === 1,
  };
}

/** How far it came. */
function progressOf(row: DownloadRow) {
  return {
    file_count: row.file_count,
    done_count: row.done_count,
    failed_count: row.failed_count,
    bytes_written: Number(row.bytes_written),
    episodes_total: row.episodes_total,
    episodes_done: row.episodes_done,
    episodes: row.episodes ? (JSON.parse(row.episodes) as EpisodeProgress[]) : null,
    skipped_count: row.skipped_count,
    skipped_reasons: row.skipped_reasons
      ? (JSON.parse(row.skipped_reasons) as SkippedReasons)
      : null,
  };
}

const SIZE_WORDS: Record<ImageSize, DownloadSize> = {
  thumb: 'thumb',
  small: 'compressed',
  large: 'original',
};

/** The size it holds, in the contract's words (a selection: its first image's). */
function sizeWord(spec: TaskSpec): DownloadSize | null {
  if (spec.work) return SIZE_WORDS[spec.work.size];
  const first = spec.items[0];
  return first ? (first.compressed ? 'compressed' : SIZE_WORDS[first.size]) : null;
}

/** What it holds and where it goes, and whether its archive is kept until downloaded. */
function contentsOf(row: DownloadRow) {
  const spec = taskSpecOf(row);
  const servable = SERVABLE.includes(row.status) && spec.dataset.destination !== 'library';
  return {
    work_title: spec.work?.work.title ?? null,
    size: sizeWord(spec),
    layout: spec.dataset.export,
    destination: spec.dataset.destination,
    kept: servable && row.expires_at === null && row.downloaded_at === null,
    downloaded_at: row.downloaded_at,
    library_path: row.library_path,
  };
}
