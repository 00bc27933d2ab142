import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { hasArchive, isFinished, type DownloadTask } from '../../api';
import { saveDownload, settleDownload, watchDownload } from './watch';

/** Watches unfinished tasks; when one ends, saves its ZIP or reports its failure, once. */
export function useSettleDownloads(tasks: readonly DownloadTask[]): void {
  useEffect(() => {
    for (const task of tasks) {
      if (!isFinished(task.status)) watchDownload(task.download_id);
      else if (settleDownload(task.download_id)) {
        if (hasArchive(task.status)) saveDownload(task.download_id);
        if (task.status === 'partial')
          toast(`${task.file_name}：缺少 ${task.failed_count} 张图片，可在下载任务中重试失败项`);
        else if (task.status === 'failed') toast.error(`下载失败: ${task.error ?? '未知错误'}`);
      }
    }
  }, [tasks]);
}
