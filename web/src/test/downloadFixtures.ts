import type { CdnStatus, DownloadSize } from '@capshelf/contract';
import type { DownloadList, DownloadStatus, DownloadStorage } from '@capshelf/contract';

const everyKind = (sizes: DownloadSize[]) => ({ anime: sizes, tv: sizes, movie: sizes });
/** The shipped default: 小图 is the original, so there is no compressed host. */
export const ONE_FULL_SIZE = everyKind(['original', 'thumb']);
/** A compressed host configured for every kind. */
export const WITH_COMPRESSED = everyKind(['original', 'compressed', 'thumb']);

/** /images/cdn-status offering these sizes, under the small-CDN preference or not. */
export function cdnStatus(
  downloadSizes: CdnStatus['download_sizes'],
  useSmallCdn = false,
): CdnStatus {
  return {
    current_cdn: useSmallCdn ? 'small' : 'large',
    use_small_cdn_only: useSmallCdn,
    status: 'ok',
    hosts: [],
    download_sizes: downloadSizes,
  };
}

/** A download task's status as the server answers it: a pending ZIP of two images, then `overrides`. */
export function downloadTask(overrides: Partial<DownloadStatus> = {}): DownloadStatus {
  return {
    download_id: 'task-0000000001',
    status: 'pending',
    file_name: 'Non_Non_Biyori_Episode_1_original_2img_k7qa.zip',
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
    held: false,
    work_title: null,
    size: 'original',
    layout: 'plain',
    destination: 'zip',
    kept: false,
    downloaded_at: null,
    library_path: null,
    ...overrides,
  };
}

/** GET /api/download's answer: these tasks, and the user's storage (nothing kept, no library folder). */
export function downloadList(
  downloads: DownloadStatus[],
  storage: Partial<DownloadStorage> = {},
): DownloadList {
  return {
    downloads,
    storage: {
      kept_bytes: 0,
      kept_count: 0,
      library_bytes: 0,
      quota_bytes: 20 * 1024 ** 3,
      over_quota: false,
      library_enabled: false,
      last_destination: 'zip',
      ...storage,
    },
  };
}
