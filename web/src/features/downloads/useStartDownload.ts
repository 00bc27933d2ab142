import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { DatasetOptions } from '@capshelf/contract';
import { ApiError, errorMessage, isRecord, useCreateDownload } from '../../api';
import type { ImageSize } from '../selection';
import { imageUrl, type ImageUrls } from '../images/imageUrl';
import { watchDownload } from './watch';

/** Why creating a task failed: the server's text, else how many image URLs it refused. */
function failureReason(error: unknown, t: TFunction<'downloads'>): string {
  if (error instanceof ApiError && !error.detail && isRecord(error.body)) {
    const { refused } = error.body;
    if (Array.isArray(refused)) return t('start.refused', { count: refused.length });
  }
  return errorMessage(error);
}

/**
 * Starts a ZIP task for images (in grid order) at one size, named after `title` (the server adds
 * the size, count and a tag), and reports it with its toasts; the downloads panel takes it from
 * there. Shared by the image screens and the favourites screen.
 */
export function useStartDownload() {
  const { mutateAsync, isPending } = useCreateDownload();
  const { t } = useTranslation('downloads');
  const start = useCallback(
    (images: readonly ImageUrls[], size: ImageSize, title: string, options?: DatasetOptions) => {
      if (images.length === 0) {
        toast.error(t('start.nothingSelected'));
        return;
      }
      // A promise, not mutate()'s callbacks: those are dropped if the screen unmounts meanwhile.
      mutateAsync({
        image_urls: images.map((image) => imageUrl(image, size)),
        filename_prefix: title,
        size,
        ...options,
      }).then(
        ({ download_id, file_count }) => {
          watchDownload(download_id);
          toast.success(t('start.created', { count: file_count }));
        },
        (error: unknown) => toast.error(t('start.failed', { reason: failureReason(error, t) })),
      );
    },
    [mutateAsync, t],
  );
  return { start, isPending };
}
