import { useState } from 'react';
import { ChevronDown, ChevronUp, Download } from 'lucide-react';
import { isFinished, useDownloadTasks } from '../../api';
import { DownloadRow } from './DownloadRow';
import { useSettleDownloads } from './useSettleDownloads';

/**
 * The signed-in user's download tasks in a corner tray, restored from the server on load.
 * Hidden while there are none; collapsible, and it opens again when a newer task appears.
 */
export function DownloadsPanel() {
  const tasks = useDownloadTasks();
  useSettleDownloads(tasks);
  // Collapsed "at" the newest task: a newer one makes this stale, which expands the tray.
  const [collapsedAt, setCollapsedAt] = useState<string | null>(null);

  const newest = tasks[0]?.download_id;
  if (!newest) return null;
  const collapsed = collapsedAt === newest;
  const active = tasks.filter((task) => !isFinished(task.status)).length;
  const Chevron = collapsed ? ChevronUp : ChevronDown;

  return (
    <section
      aria-label="下载任务"
      className="fixed right-4 bottom-4 z-40 flex max-h-[70vh] w-80 max-w-[calc(100vw-2rem)] flex-col rounded-lg border border-slate-200 bg-white shadow-lg"
    >
      <h2>
        <button
          type="button"
          aria-expanded={!collapsed}
          aria-controls="download-task-list"
          onClick={() => setCollapsedAt(collapsed ? null : newest)}
          className="flex w-full items-center gap-2 px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50"
        >
          <Download aria-hidden className="size-4 text-sky-700" />
          下载任务 ({tasks.length})
          {active > 0 && <span className="font-normal text-sky-700">{active} 个进行中</span>}
          <Chevron aria-hidden className="ml-auto size-4 text-slate-500" />
        </button>
      </h2>
      <ul
        id="download-task-list"
        hidden={collapsed}
        className="divide-y divide-slate-100 overflow-y-auto border-t border-slate-200"
      >
        {tasks.map((task) => (
          <li key={task.download_id} data-download-id={task.download_id}>
            <DownloadRow task={task} />
          </li>
        ))}
      </ul>
    </section>
  );
}
