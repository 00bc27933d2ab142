import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { hasArchive, isFinished, type DownloadTask } from '../../api';
import { saveDownload, settleDownload, watchDownload } from './watch';

/** Watches unfinished tasks; when one ends, saves its ZIP or reports its failure, once. */
export function useSettleDownloads(tasks: readonly DownloadTask[]): void {
  const { t } = useTranslation('downloads');
  useEffect(() => {
    for (const task of tasks) {
      if (!isFinished(task.status)) watchDownload(task.download_id);
      else if (settleDownload(task.download_id)) {
        if (hasArchive(task.status)) saveDownload(task.download_id);
        if (task.status === 'partial')
          toast(t('settle.partial', { name: task.file_name, count: task.failed_count }));
        else if (task.status === 'failed')
          toast.error(t('row.failed', { message: task.error ?? t('unknownError') }));
      }
    }
  }, [tasks, t]);
}
