import type { DownloadStatus } from '@capshelf/contract';

/** A download task's status as the server answers it: a pending ZIP of two images, then `overrides`. */
export function downloadTask(overrides: Partial<DownloadStatus> = {}): DownloadStatus {
  return {
    download_id: 'task-0000000001',
    status: 'pending',
    file_name: 'Non_Non_Biyori_Episode_1_small.zip',
    file_count: 2,
    done_count: 0,
    failed_count: 0,
    bytes_written: 0,
    error: null,
    created_at: '2026-01-01T00:00:00Z',
    finished_at: null,
    expires_at: null,
    job: 'images',
    episodes_total: null,
    episodes_done: null,
    episodes: null,
    skipped_count: 0,
    skipped_reasons: null,
    pause_reason: null,
    resume_at: null,
    reason: null,
    eta_seconds: null,
    ...overrides,
  };
}
