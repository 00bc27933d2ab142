import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
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

const smallButton = 'rounded px-2 py-1 text-xs font-medium';
const outlined = `${smallButton} border border-slate-300 text-slate-700 hover:bg-slate-50`;

type Failure = 'cancelError' | 'retryError' | 'removeError' | 'pauseError' | 'resumeError';

/**
 * What can be done with a task: save its ZIP, pause or resume it, cancel it, run it again, remove
 * it; and how long its archive stays (kept until downloaded, then `DOWNLOAD_TTL`).
 */
export function TaskActions({
  task,
  clock,
}: {
  task: DownloadTask;
  clock: (iso: string) => string;
}) {
  const cancel = useTaskAction('cancel');
  const retry = useTaskAction('retry');
  const pause = useTaskAction('pause');
  const resume = useTaskAction('resume');
  const remove = useRemoveDownloads();
  const { t } = useTranslation('downloads');
  const onError = (failed: Failure) => (error: unknown) =>
    toast.error(t(`row.${failed}`, { message: errorMessage(error) }));
  const finished = isFinished(task.status);
  const archive = hasArchive(task);
  const step = (action: typeof pause, label: 'pause' | 'resume' | 'cancel', failure: Failure) => (
    <button
      type="button"
      className={outlined}
      disabled={action.isPending}
      onClick={() => action.mutate(task.download_id, { onError: onError(failure) })}
    >
      {t(`row.${label}`)}
    </button>
  );
  return (
    <div className="flex flex-wrap items-center gap-2">
      {archive && (
        // A plain link: the browser streams the ZIP to disk, the page never holds it.
        <a href={downloadFileUrl(task.download_id)} download className={buttonClass()}>
          {t('row.save')}
        </a>
      )}
      {(task.status === 'pending' || task.status === 'running') &&
        step(pause, 'pause', 'pauseError')}
      {task.status === 'paused' && step(resume, 'resume', 'resumeError')}
      {!finished && step(cancel, 'cancel', 'cancelError')}
      {(task.status === 'partial' || task.status === 'failed' || task.status === 'cancelled') && (
        <button
          type="button"
          className={outlined}
          disabled={retry.isPending}
          onClick={() => retry.mutate(task.download_id, { onError: onError('retryError') })}
        >
          {task.status === 'cancelled' ? t('row.restart') : t('row.retryFailed')}
        </button>
      )}
      {finished && (
        <button
          type="button"
          aria-label={t('row.removeNamed', { name: task.file_name })}
          className={`${smallButton} text-slate-500 hover:bg-slate-100`}
          disabled={remove.isPending}
          onClick={() => remove.mutate(task.download_id, { onError: onError('removeError') })}
        >
          {t('row.remove')}
        </button>
      )}
      {archive && (task.kept || task.expires_at) && (
        <span className="ml-auto text-xs text-slate-500">
          {task.kept ? t('row.keptShort') : t('row.saveBefore', { time: clock(task.expires_at!) })}
        </span>
      )}
    </div>
  );
}
