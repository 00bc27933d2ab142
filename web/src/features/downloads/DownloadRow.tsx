import { useTranslation } from 'react-i18next';
import type { DownloadState } from '@capshelf/contract';
import { errorMessage, isFinished, type DownloadTask } from '../../api';
import { formatBytes } from './size';
import { TaskActions } from './TaskActions';
import { TaskHolds } from './TaskHolds';
import { taskReasonText } from './taskReason';
import { timeLeftText } from './timeLeft';

const stateClass: Record<DownloadState, string> = {
  pending: 'text-slate-500',
  running: 'text-sky-700',
  paused: 'text-amber-700',
  completed: 'text-green-700',
  partial: 'text-amber-700',
  failed: 'text-red-700',
  cancelled: 'text-slate-500',
};

const barClass: Record<DownloadState, string> = {
  pending: 'bg-sky-600',
  running: 'bg-sky-600',
  paused: 'bg-amber-500',
  completed: 'bg-sky-600',
  partial: 'bg-amber-500',
  failed: 'bg-red-500',
  cancelled: 'bg-slate-400',
};

const clock = (iso: string, lng: string, seconds = false) =>
  new Date(iso).toLocaleTimeString(lng, {
    hour: 'numeric',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
  });

/** One task of the tray: name, state, progress with time left, and what can be done with it. */
const SKIP_REASONS = ['near_duplicate', 'dark', 'blank', 'blurry'] as const;

export function DownloadRow({ task }: { task: DownloadTask }) {
  const { t, i18n } = useTranslation('downloads');
  const lng = i18n.language;
  // A task written to the library folder alone makes no ZIP: its name is its folder's.
  const name =
    task.destination === 'library' ? task.file_name.replace(/\.zip$/, '') : task.file_name;

  const processed = task.done_count + task.failed_count + task.skipped_count;
  const episodeShare =
    task.episodes_total && task.episodes_done !== null
      ? task.episodes_done / task.episodes_total
      : 0;
  const share = task.file_count > 0 ? processed / task.file_count : episodeShare;
  const percent = task.status === 'completed' ? 100 : Math.min(100, Math.round(share * 100));
  const finished = isFinished(task.status);
  // A whole work knows its image count once its episode lists are read.
  const listing = task.job === 'work' && task.file_count === 0 && !finished;
  const counts = [
    listing
      ? t('counts.listing')
      : t('counts.done', { done: task.done_count, count: task.file_count }),
    task.failed_count > 0 ? t('counts.failed', { count: task.failed_count }) : '',
    // Each reason on its own when the task says them (tasks before the filters: similar ones).
    ...(task.skipped_reasons
      ? SKIP_REASONS.map((reason) => {
          const count = task.skipped_reasons![reason];
          return count > 0 ? t(`counts.skippedBy.${reason}`, { count }) : '';
        })
      : [task.skipped_count > 0 ? t('counts.skipped', { count: task.skipped_count }) : '']),
  ]
    .filter(Boolean)
    .join(t('counts.separator'));

  return (
    <div className="flex flex-col gap-1.5 p-3 text-sm">
      <div className="flex items-baseline justify-between gap-2">
        {/* Wrapped, not cut: the size, count and tag at the end tell tasks of one episode apart. */}
        <span
          className="line-clamp-2 min-w-0 font-medium break-all text-slate-900"
          title={name}
          data-user-content=""
        >
          {name}
        </span>
        <span className="flex shrink-0 items-baseline gap-2 text-xs">
          <time dateTime={task.created_at} className="text-slate-500">
            {t('row.createdAt', { time: clock(task.created_at, lng) })}
          </time>
          <span className={`font-medium ${stateClass[task.status]}`}>
            {t(`state.${task.status}`)}
          </span>
        </span>
      </div>
      <TaskHolds task={task} />
      <div
        role="progressbar"
        aria-label={t('row.progress', { name })}
        aria-valuemin={0}
        aria-valuemax={task.file_count}
        aria-valuenow={processed}
        aria-valuetext={t('row.progressValue', { percent, counts })}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full ${barClass[task.status]}`} style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-slate-500">
        {task.bytes_written > 0
          ? t('row.summary', { percent, counts, size: formatBytes(task.bytes_written, lng) })
          : t('row.summaryNoSize', { percent, counts })}
        {task.status === 'running' &&
          task.eta_seconds !== null &&
          t('row.timeLeft', { time: timeLeftText(task.eta_seconds, t) })}
      </p>
      {task.status === 'paused' && (
        <p className="text-xs text-amber-700">
          {taskReasonText(task, t, lng)}
          {task.resume_at && t('row.resumesAt', { time: clock(task.resume_at, lng, true) })}
        </p>
      )}
      {task.status === 'partial' && (
        <p className="text-xs text-amber-700">{t('row.missing', { count: task.failed_count })}</p>
      )}
      {task.status === 'failed' && (
        <p className="text-xs text-red-700">
          {t('row.failed', { message: taskReasonText(task, t, lng) })}
        </p>
      )}
      {task.pollError && (
        <p className="text-xs text-red-700">{errorMessage(task.pollError, t('row.pollFailed'))}</p>
      )}
      {task.episodes && (
        <details className="text-xs text-slate-600">
          <summary className="cursor-pointer select-none">
            {t('row.episodes', {
              done: task.episodes_done ?? 0,
              count: task.episodes_total ?? task.episodes.length,
            })}
          </summary>
          <ul
            aria-label={t('row.episodesLabel')}
            className="mt-1 flex max-h-40 flex-col gap-0.5 overflow-y-auto"
          >
            {task.episodes.map((episode) => (
              <li key={episode.id} className="flex justify-between gap-2">
                <span className="truncate" data-user-content="">
                  {episode.title}
                </span>
                <span className="shrink-0 tabular-nums">
                  {episode.total === null
                    ? t('row.episodePending')
                    : `${episode.done + episode.failed + episode.skipped}/${episode.total}`}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {task.library_path !== null && (
        <p className="text-xs break-all text-slate-600" data-user-content="">
          {t('row.library', { path: task.library_path || t('row.libraryRoot') })}
        </p>
      )}
      <TaskActions task={task} clock={(iso) => clock(iso, lng)} />
    </div>
  );
}
