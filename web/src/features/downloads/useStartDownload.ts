import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ApiError, errorMessage, isRecord, useCreateDownload } from '../../api';
import { selectionFields, type SelectionChoice } from './selectionChoice';
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
 * Starts a ZIP task for image URLs (the listing's small_url/large_url, in grid order) and
 * reports it with its toasts; the downloads panel takes it from there. Shared by the
 * image screens and the favourites screen (prefix `downloadPrefix('fancaps_favorites', size)`).
 */
export function useStartDownload() {
  const { mutateAsync, isPending } = useCreateDownload();
  const { t } = useTranslation('downloads');
  const start = useCallback(
    (imageUrls: readonly string[], filenamePrefix: string, options?: SelectionChoice) => {
      if (imageUrls.length === 0) {
        toast.error(t('start.nothingSelected'));
        return;
      }
      // A promise, not mutate()'s callbacks: those are dropped if the screen unmounts meanwhile.
      mutateAsync({
        image_urls: [...imageUrls],
        filename_prefix: filenamePrefix,
        ...(options ? selectionFields(options) : {}),
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
