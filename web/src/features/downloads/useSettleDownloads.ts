import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { downloadKeys, hasArchive, isFinished, type DownloadTask } from '../../api';
import { saveDownload, settleDownload, watchDownload } from './watch';

/**
 * Watches unfinished tasks; when one ends, saves its ZIP or reports its failure, once, and reads
 * the list again (what the server keeps for the user changed).
 */
export function useSettleDownloads(tasks: readonly DownloadTask[]): void {
  const { t } = useTranslation('downloads');
  const queryClient = useQueryClient();
  useEffect(() => {
    for (const task of tasks) {
      if (!isFinished(task.status)) watchDownload(task.download_id);
      else if (settleDownload(task.download_id)) {
        void queryClient.invalidateQueries({ queryKey: downloadKeys.list });
        if (hasArchive(task)) saveDownload(task.download_id);
        if (task.status === 'partial')
          toast(t('settle.partial', { name: task.file_name, count: task.failed_count }));
        else if (task.status === 'failed')
          toast.error(t('row.failed', { message: task.error ?? t('unknownError') }));
      }
    }
  }, [tasks, t, queryClient]);
}
