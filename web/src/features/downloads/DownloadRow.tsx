import toast from 'react-hot-toast';
import type { DownloadState } from '@capshelf/contract';
import { humanSize } from '@capshelf/contract/format';
import {
  downloadFileUrl,
  errorMessage,
  hasArchive,
  isFinished,
  useRemoveDownloads,
  useTaskAction,
  type DownloadTask,
} from '../../api';
import { buttonClass } from '../../components/button';
import { timeLeftText } from './timeLeft';

const stateText: Record<DownloadState, string> = {
  pending: '等待中',
  running: '打包中',
  paused: '已暂停',
  completed: '已完成',
  partial: '部分完成',
  failed: '失败',
  cancelled: '已取消',
};

const stateClass: Record<DownloadState, string> = {
  pending: 'text-slate-500',
  running: 'text-sky-700',
  paused: 'text-amber-700',
  completed: 'text-green-700',
  partial: 'text-amber-700',
  failed: 'text-red-700',
  cancelled: 'text-slate-500',
};

const clock = (iso: string, seconds = false) =>
  new Date(iso).toLocaleTimeString('zh-CN', {
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
  });

const smallButton = 'rounded px-2 py-1 text-xs font-medium';

/** One task of the tray: name, state, progress with time left, and what can be done with it. */
export function DownloadRow({ task }: { task: DownloadTask }) {
  const cancel = useTaskAction('cancel');
  const retry = useTaskAction('retry');
  const remove = useRemoveDownloads();
  const onError = (what: string) => (error: unknown) =>
    toast.error(`${what}失败：${errorMessage(error)}`);

  const processed = task.done_count + task.failed_count + task.skipped_count;
  const episodeShare =
    task.episodes_total && task.episodes_done !== null
      ? task.episodes_done / task.episodes_total
      : 0;
  const share = task.file_count > 0 ? processed / task.file_count : episodeShare;
  const percent = task.status === 'completed' ? 100 : Math.min(100, Math.round(share * 100));
  const counts = [
    `${task.done_count}/${task.file_count} 张`,
    task.failed_count > 0 ? `失败 ${task.failed_count} 张` : '',
    task.skipped_count > 0 ? `跳过相似 ${task.skipped_count} 张` : '',
  ]
    .filter(Boolean)
    .join('，');
  const finished = isFinished(task.status);

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
        aria-valuetext={`${percent}%，${counts}`}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full ${task.status === 'failed' ? 'bg-red-500' : task.status === 'paused' ? 'bg-amber-500' : 'bg-sky-600'}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-xs text-slate-500">
        {percent}% · {counts} · {humanSize(task.bytes_written)}
        {task.status === 'running' && task.eta_seconds !== null && (
          <> · 剩余 {timeLeftText(task.eta_seconds)}</>
        )}
      </p>
      {task.status === 'paused' && (
        <p className="text-xs text-amber-700">
          {task.pause_reason ?? '源站暂时无法访问'}
          {task.resume_at && `（${clock(task.resume_at, true)} 自动继续）`}
        </p>
      )}
      {task.status === 'partial' && (
        <p className="text-xs text-amber-700">
          缺少 {task.failed_count} 张图片（清单见压缩包内 failed.txt）
        </p>
      )}
      {task.status === 'failed' && (
        <p className="text-xs text-red-700">下载失败: {task.error ?? '未知错误'}</p>
      )}
      {task.pollError && (
        <p className="text-xs text-red-700">{errorMessage(task.pollError, '无法读取任务状态')}</p>
      )}
      {task.episodes && (
        <details className="text-xs text-slate-600">
          <summary className="cursor-pointer select-none">
            分集进度 ({task.episodes_done ?? 0}/{task.episodes_total ?? task.episodes.length} 集)
          </summary>
          <ul aria-label="分集进度" className="mt-1 flex max-h-40 flex-col gap-0.5 overflow-y-auto">
            {task.episodes.map((episode) => (
              <li key={episode.id} className="flex justify-between gap-2">
                <span className="truncate">{episode.title}</span>
                <span className="shrink-0 tabular-nums">
                  {episode.total === null
                    ? '待读取'
                    : `${episode.done + episode.failed + episode.skipped}/${episode.total}`}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {hasArchive(task.status) && (
          // A plain link: the browser streams the ZIP to disk, the page never holds it.
          <a href={downloadFileUrl(task.download_id)} download className={buttonClass()}>
            保存文件
          </a>
        )}
        {!finished && (
          <button
            type="button"
            className={`${smallButton} border border-slate-300 text-slate-700 hover:bg-slate-50`}
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(task.download_id, { onError: onError('取消') })}
          >
            取消
          </button>
        )}
        {(task.status === 'partial' || task.status === 'failed' || task.status === 'cancelled') && (
          <button
            type="button"
            className={`${smallButton} border border-slate-300 text-slate-700 hover:bg-slate-50`}
            disabled={retry.isPending}
            onClick={() => retry.mutate(task.download_id, { onError: onError('重试') })}
          >
            {task.status === 'cancelled' ? '重新开始' : '重试失败项'}
          </button>
        )}
        {finished && (
          <button
            type="button"
            aria-label={`移除 ${task.file_name}`}
            className={`${smallButton} text-slate-500 hover:bg-slate-100`}
            disabled={remove.isPending}
            onClick={() => remove.mutate(task.download_id, { onError: onError('移除') })}
          >
            移除
          </button>
        )}
        {hasArchive(task.status) && task.expires_at && (
          <span className="ml-auto text-xs text-slate-500">{clock(task.expires_at)} 前可保存</span>
        )}
      </div>
    </div>
  );
}
