import toast from 'react-hot-toast';
import { Download, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isFinished, useDownloadTasks, useRemoveDownloads } from '../../api';
import { DownloadRow } from './DownloadRow';
import { useSettleDownloads } from './useSettleDownloads';
import { useTrayOpen } from './useTrayOpen';

/**
 * The signed-in user's download tasks, restored from the server on load. Closed it is a small
 * badge in the corner; opened, a panel in the corner on a desktop and a bottom sheet of at most
 * half the screen on a phone. Hidden while there are no tasks.
 */
export function DownloadsPanel() {
  const tasks = useDownloadTasks();
  useSettleDownloads(tasks);
  const [open, setOpen] = useTrayOpen();
  const remove = useRemoveDownloads();
  const { t } = useTranslation('downloads');

  if (tasks.length === 0) return null;
  const active = tasks.filter((task) => !isFinished(task.status)).length;
  const finished = tasks.length - active;
  const removeFinished = () =>
    remove.mutate(null, {
      onError: (error) => toast.error(t('row.removeError', { message: errorMessage(error) })),
    });

  return (
    <section
      aria-label={t('panel.label')}
      className={
        open
          ? 'fixed inset-x-0 bottom-0 z-40 flex max-h-[50vh] flex-col rounded-t-xl border border-slate-200 bg-white shadow-2xl sm:inset-x-auto sm:right-4 sm:bottom-4 sm:max-h-[70vh] sm:w-96 sm:rounded-lg'
          : 'fixed right-4 bottom-4 z-40'
      }
    >
      {open ? (
        <>
          <div className="flex items-center gap-2 border-b border-slate-200 px-3 py-2">
            <h2 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
              <Download aria-hidden className="size-4 text-sky-700" />
              {t('panel.title', { count: tasks.length })}
            </h2>
            {active > 0 && (
              <span className="text-xs text-sky-700">{t('panel.active', { count: active })}</span>
            )}
            {finished > 0 && (
              <button
                type="button"
                onClick={removeFinished}
                disabled={remove.isPending}
                className="ml-auto rounded px-2 py-1 text-xs text-slate-600 hover:bg-slate-100"
              >
                {t('panel.clearFinished')}
              </button>
            )}
            <button
              type="button"
              aria-label={t('panel.collapse')}
              aria-expanded
              aria-controls="download-task-list"
              onClick={() => setOpen(false)}
              className={`${finished > 0 ? '' : 'ml-auto '}rounded p-1 text-slate-500 hover:bg-slate-100`}
            >
              <X aria-hidden className="size-4" />
            </button>
          </div>
          <ul
            id="download-task-list"
            className="divide-y divide-slate-100 overflow-y-auto overscroll-contain"
          >
            {tasks.map((task) => (
              <li key={task.download_id} data-download-id={task.download_id}>
                <DownloadRow task={task} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <button
          type="button"
          aria-expanded={false}
          aria-controls="download-task-list"
          onClick={() => setOpen(true)}
          className="flex items-center gap-2 rounded-full border border-slate-200 bg-white px-3 py-2 text-sm font-medium text-slate-800 shadow-lg hover:bg-slate-50"
        >
          <Download aria-hidden className="size-4 text-sky-700" />
          {t('panel.title', { count: tasks.length })}
          {active > 0 && (
            <>
              <span aria-hidden className="rounded-full bg-sky-600 px-1.5 text-xs text-white">
                {active}
              </span>
              <span className="sr-only">{t('panel.active', { count: active })}</span>
            </>
          )}
        </button>
      )}
    </section>
  );
}
