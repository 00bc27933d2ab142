import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { isFinished, type DownloadTask } from '../../api';
import { saveDownload, settleDownload, watchDownload } from './watch';

/** Watches unfinished tasks; when one ends, saves its ZIP or reports its failure, once. */
export function useSettleDownloads(tasks: readonly DownloadTask[]): void {
  useEffect(() => {
    for (const task of tasks) {
      if (!isFinished(task.status)) watchDownload(task.download_id);
      else if (settleDownload(task.download_id)) {
        if (task.status === 'completed') saveDownload(task.download_id);
        else toast.error(`下载失败: ${task.error ?? '未知错误'}`);
      }
    }
  }, [tasks]);
}
