import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { ApiError, errorMessage, isRecord, useCreateDownload } from '../../api';
import { watchDownload } from './watch';

/** Why creating a task failed: the server's text, else how many image URLs it refused. */
function failureReason(error: unknown): string {
  if (error instanceof ApiError && !error.detail && isRecord(error.body)) {
    const { refused } = error.body;
    if (Array.isArray(refused)) return `有 ${refused.length} 个图片地址被拒绝`;
  }
  return errorMessage(error);
}

/**
 * Starts a ZIP task for image URLs (the listing's small_url/large_url, in grid order) and
 * reports it with the spec's toasts; the downloads panel takes it from there. Shared by the
 * image screens and the favourites screen (prefix `downloadPrefix('fancaps_favorites', size)`).
 */
export function useStartDownload() {
  const { mutateAsync, isPending } = useCreateDownload();
  const start = useCallback(
    (imageUrls: readonly string[], filenamePrefix: string) => {
      if (imageUrls.length === 0) {
        toast.error('请先选择要下载的图片');
        return;
      }
      // A promise, not mutate()'s callbacks: those are dropped if the screen unmounts meanwhile.
      mutateAsync({ image_urls: [...imageUrls], filename_prefix: filenamePrefix }).then(
        ({ download_id, file_count }) => {
          watchDownload(download_id);
          toast.success(`下载任务已创建: ${download_id}，共 ${file_count} 张图片`);
        },
        (error: unknown) => toast.error(`下载失败: ${failureReason(error)}`),
      );
    },
    [mutateAsync],
  );
  return { start, isPending };
}
