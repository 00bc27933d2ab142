import { DEFAULT_LOCALE, type DownloadStatus, type TaskReason } from '@capshelf/contract';
import type { TFunction } from 'i18next';
import { serverMessage } from '../../api';
import { formatBytes } from './size';

/**
 * Why a task is paused or failed. A pause is told by its code in every language (the server's text
 * counts seconds from the moment it paused; the row shows the clock time it goes on instead). A
 * failure: in Chinese the server's own text (the contract's language, with its details); in another
 * language the text of its code, else a known fixed text of the server, else a generic one.
 */
export function taskReasonText(
  task: Pick<DownloadStatus, 'status' | 'error' | 'pause_reason' | 'reason'>,
  t: TFunction<'downloads'>,
  lng: string,
): string {
  const paused = task.status === 'paused';
  const text = paused ? task.pause_reason : task.error;
  const fallback = paused ? t('reason.unreachable') : t('unknownError');
  if (text && !paused && lng === DEFAULT_LOCALE) return text;
  if (task.reason) return reasonText(task.reason, t, lng);
  return text ? serverMessage(text, fallback) : fallback;
}

function reasonText(reason: TaskReason, t: TFunction<'downloads'>, lng: string): string {
  const gigabytes = new Intl.NumberFormat(lng, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  switch (reason.code) {
    // Which part of the source, never its host:port.
    case 'SOURCE_COOLING':
      return t(reason.source === 'images' ? 'reason.coolingImages' : 'reason.cooling');
    case 'SOURCE_UNREACHABLE':
      return t('reason.unreachable');
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
    case 'USER_PAUSED':
      return t('reason.userPaused');
    case 'QUOTA_FULL':
      return t('reason.quotaFull', {
        used: formatBytes(reason.used_bytes, lng),
        quota: formatBytes(reason.quota_bytes, lng),
      });
  }
}
