import { z } from 'zod';

export const MAX_DOWNLOAD_IMAGES = 5000;
export const DEFAULT_DOWNLOAD_PREFIX = 'fancaps_images';

/**
 * The spec's filename rule: drop <>:"/\|?* (and control characters), turn runs of spaces, hyphens
 * and underscores into one underscore, trim underscores (and leading dots), cap at 50 characters,
 * fall back to `fancaps_images`. Page and server both apply it; the server never trusts the page's.
 */
export function sanitizeFilenamePrefix(text: string): string {
  const cleaned = text
    // eslint-disable-next-line no-control-regex
    .replace(/[<>:"/\\|?*\u0000-\u001f\u007f]/g, '')
    .replace(/[\s_-]+/g, '_')
    .replace(/^[_.]+|_+$/g, '')
    .slice(0, 50)
    .replace(/_+$/, '');
  return cleaned || DEFAULT_DOWNLOAD_PREFIX;
}

/**
 * What a ZIP holds, as its name's suffix: `large` only for originals; `compressed` for 大图 served
 * from the compressed host (the small-CDN preference).
 */
export type ZipContents = 'small' | 'large' | 'compressed';

/** The prefix the page sends: the title's rule applied, then the size suffix. */
export function downloadPrefix(title: string, size: ZipContents): string {
  return `${sanitizeFilenamePrefix(title)}_${size}`;
}

export const CreateDownloadRequest = z.object({
  image_urls: z
    .array(z.string().min(1).max(2000))
    .min(1, '请先选择要下载的图片')
    .max(MAX_DOWNLOAD_IMAGES, `一次最多下载 ${MAX_DOWNLOAD_IMAGES} 张图片`),
  filename_prefix: z.string().max(300).default(DEFAULT_DOWNLOAD_PREFIX),
});
export type CreateDownloadRequest = z.input<typeof CreateDownloadRequest>;

export const DownloadState = z.enum(['pending', 'running', 'completed', 'failed']);
export type DownloadState = z.infer<typeof DownloadState>;

export const DownloadStatus = z.object({
  download_id: z.string(),
  status: DownloadState,
  file_name: z.string(),
  file_count: z.number().int(),
  done_count: z.number().int(),
  failed_count: z.number().int(),
  bytes_written: z.number().int(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type DownloadStatus = z.infer<typeof DownloadStatus>;

export const CreateDownloadResponse = z.object({
  download_id: z.string(),
  file_count: z.number().int(),
  status: DownloadState,
});
export type CreateDownloadResponse = z.infer<typeof CreateDownloadResponse>;

export const DownloadList = z.object({ downloads: z.array(DownloadStatus) });
export type DownloadList = z.infer<typeof DownloadList>;

export const DownloadParams = z.object({
  id: z.string().regex(/^[\w-]{10,64}$/, '下载任务 ID 无效'),
});
