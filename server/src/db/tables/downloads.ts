import type { Generated } from 'kysely';

export interface DownloadsTable {
  id: string;
  user_id: number;
  status: 'pending' | 'running' | 'paused' | 'completed' | 'partial' | 'failed' | 'cancelled';
  /** `images`: the listed images; `work`: a whole work (or some of its episodes), see `request`. */
  job: Generated<'images' | 'work'>;
  /** JSON `WorkTask` (downloads/work.ts) for `work` jobs: the work, its episodes, the size. */
  request: string | null;
  /** JSON per-episode progress of a `work` job. */
  episodes: string | null;
  episodes_total: number | null;
  episodes_done: number | null;
  /** Near-duplicate frames left out. */
  skipped_count: Generated<number>;
  /**
   * JSON `DatasetOptions` (contract): what frames the task leaves out and how its archive is laid
   * out; `{}` is every option at its default (026, which folded in `dataset_filter` and `archive`).
   */
  dataset: Generated<string>;
  /** JSON count of frames left out by each reason (021). */
  skipped_reasons: string | null;
  /** Why a paused task waits, and when it tries again. */
  pause_reason: string | null;
  resume_at: string | null;
  /** JSON `TaskReason`: why the task is paused, failed or cancelled. */
  reason: string | null;
  eta_seconds: number | null;
  /** Removed from the tray by its owner. */
  dismissed: Generated<number>;
  /** The archive's name as the browser saves it (may hold Chinese). */
  file_name: string;
  /** What each entry's name starts with: `<prefix>_<id>.jpg`. */
  entry_prefix: string;
  /** JSON list of {kind, id, size, compressed}, in the order given. */
  items: string;
  file_count: number;
  done_count: Generated<number>;
  failed_count: Generated<number>;
  bytes_written: Generated<number>;
  error: string | null;
  /** The process running the task, and when it last said so (a stale heartbeat means it died). */
  worker: string | null;
  heartbeat_at: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  expires_at: string | null;
  expired: Generated<number>;
  /** Paused by its owner: only they resume it (027). */
  held: Generated<number>;
  /** When the archive was first downloaded in full: it is kept until then, `DOWNLOAD_TTL` after. */
  downloaded_at: string | null;
  /** Where the task wrote on the server, relative to `LIBRARY_DIR`; null: a ZIP alone. */
  library_path: string | null;
}
