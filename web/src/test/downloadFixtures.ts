import type { CdnStatus, DownloadSize } from '@capshelf/contract';
import type { DownloadStatus } from '@capshelf/contract';

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
    ...overrides,
  };
}
