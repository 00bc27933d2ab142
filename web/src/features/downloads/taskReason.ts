import { DEFAULT_LOCALE, type DownloadStatus, type TaskReason } from '@capshelf/contract';
import type { TFunction } from 'i18next';
import { serverMessage } from '../../api';

/**
 * Why a task is paused or failed. In Chinese, the server's own text (the contract's language, with
 * its details); in another language, the text of its reason code, else a known fixed text of the
 * server, else a generic one.
 */
export function taskReasonText(
  task: Pick<DownloadStatus, 'status' | 'error' | 'pause_reason' | 'reason'>,
  t: TFunction<'downloads'>,
  lng: string,
): string {
  const text = task.status === 'paused' ? task.pause_reason : task.error;
  const fallback = task.status === 'paused' ? t('reason.unavailable') : t('unknownError');
  if (text && lng === DEFAULT_LOCALE) return text;
  if (task.reason) return reasonText(task.reason, t, lng);
  return text ? serverMessage(text, fallback) : fallback;
}

function reasonText(reason: TaskReason, t: TFunction<'downloads'>, lng: string): string {
  const gigabytes = new Intl.NumberFormat(lng, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  switch (reason.code) {
    case 'SOURCE_COOLING':
      return t('reason.cooling', { host: reason.host, count: reason.seconds });
    case 'SOURCE_UNREACHABLE':
      return t('reason.unreachable', { count: reason.seconds });
    case 'TOO_MANY_IMAGES':
      return t('reason.tooManyImages', { count: reason.count, max: reason.max });
    case 'DISK_FULL':
      return t('reason.diskFull', {
        needed: gigabytes.format(reason.needed_gb),
        free: gigabytes.format(reason.free_gb),
      });
    case 'NOTHING_FETCHED':
      return t('reason.nothingFetched');
    case 'ARCHIVE_FAILED':
      return t('reason.archiveFailed');
    case 'CANCELLED':
      return t('reason.cancelled');
  }
}
