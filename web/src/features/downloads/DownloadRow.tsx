import type { DownloadState } from '@capshelf/contract';
import { downloadFileUrl, errorMessage, type DownloadTask } from '../../api';
import { buttonClass } from '../../components/button';
import { humanSize } from '@capshelf/contract/format';

const stateText: Record<DownloadState, string> = {
  pending: '等待中',
  running: '打包中',
  completed: '已完成',
  failed: '失败',
};

const stateClass: Record<DownloadState, string> = {
  pending: 'text-slate-500',
  running: 'text-sky-700',
  completed: 'text-green-700',
  failed: 'text-red-700',
};

const clock = (iso: string) =>
  new Date(iso).toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit' });

/** One task of the panel: name, state, progress, and the failure or the save link. */
export function DownloadRow({ task }: { task: DownloadTask }) {
  const processed = task.done_count + task.failed_count;
  const percent = task.file_count > 0 ? Math.round((processed / task.file_count) * 100) : 0;
  const counts = `${task.done_count}/${task.file_count} 张${
    task.failed_count > 0 ? `，失败 ${task.failed_count} 张` : ''
  }`;
  return (
    <div className="flex flex-col gap-1.5 p-3 text-sm">
      <div className="flex items-baseline justify-between gap-2">
        <span className="truncate font-medium text-slate-900" title={task.file_name}>
          {task.file_name}
        </span>
        <span className={`shrink-0 text-xs font-medium ${stateClass[task.status]}`}>
          {stateText[task.status]}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`${task.file_name} 进度`}
        aria-valuemin={0}
        aria-valuemax={task.file_count}
        aria-valuenow={processed}
        aria-valuetext={counts}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full ${task.status === 'failed' ? 'bg-red-500' : 'bg-sky-600'}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-xs text-slate-500">
        {counts} · {humanSize(task.bytes_written)}
      </p>
      {task.status === 'failed' && (
        <p className="text-xs text-red-700">下载失败: {task.error ?? '未知错误'}</p>
      )}
      {task.pollError && (
        <p className="text-xs text-red-700">{errorMessage(task.pollError, '无法读取任务状态')}</p>
      )}
      {task.status === 'completed' && (
        <div className="flex items-center justify-between gap-2">
          {/* A plain link: the browser streams the ZIP to disk, the page never holds it. */}
          <a href={downloadFileUrl(task.download_id)} download className={buttonClass()}>
            保存文件
          </a>
          {task.expires_at && (
            <span className="text-xs text-slate-500">{clock(task.expires_at)} 前可保存</span>
          )}
        </div>
      )}
    </div>
  );
}
