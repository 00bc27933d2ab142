import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { Download, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isFinished, useDownloadTasks, useRemoveDownloads } from '../../api';
import { DownloadRow } from './DownloadRow';
import { TrayStorage } from './TrayStorage';
import { useTrayLink } from './useTrayLink';
import { useSettleDownloads } from './useSettleDownloads';
import { useTrayOpen } from './useTrayOpen';

const DOCKED_CLASS =
  'fixed inset-y-0 right-0 z-30 flex w-96 flex-col border-l border-slate-200 bg-white';
const SHEET_CLASS =
  'fixed inset-x-0 bottom-0 z-50 flex max-h-[50vh] flex-col rounded-t-xl border border-slate-200 bg-white shadow-2xl';

/** Marks the docked tray, so the page shell makes room for it (`has-[[data-tray-docked]]`). */
export const TRAY_DOCKED_ATTR = 'data-tray-docked';

/**
 * The signed-in user's download tasks, restored from the server on load; it sits in the header.
 * Closed it is a button there. Opened on a wide screen, a column at the right edge while the
 * page narrows beside it (nothing is covered); on a tablet or phone, a bottom sheet over a dimmed
 * page until it is closed (✕, Escape or a tap beside it). Hidden while there are no tasks.
 */
export function DownloadsPanel() {
  const tasks = useDownloadTasks();
  useSettleDownloads(tasks);
  const { open, docked, setOpen } = useTrayOpen();
  const linked = useTrayLink(tasks.length > 0, setOpen);
  const { t } = useTranslation('downloads');
  const sheet = open && !docked;
  const collapse = useRef<HTMLButtonElement>(null);
  // A sheet takes focus like a dialog; the docked column leaves it where it is.
  useEffect(() => {
    if (sheet) collapse.current?.focus();
  }, [sheet]);

  if (tasks.length === 0) return null;
  const active = tasks.filter((task) => !isFinished(task.status)).length;
  const title = t('panel.title', { count: tasks.length });

  return (
    <>
      {sheet && (
        <div
          aria-hidden
          onClick={() => setOpen(false)}
          className="fixed inset-0 z-40 bg-black/40"
        />
      )}
      <section
        aria-label={t('panel.label')}
        {...(open && docked ? { [TRAY_DOCKED_ATTR]: '' } : {})}
        onKeyDown={(event) => {
          if (sheet && event.key === 'Escape') setOpen(false);
        }}
        className={open ? (docked ? DOCKED_CLASS : SHEET_CLASS) : undefined}
      >
        {open ? (
          <>
            <TrayHeading
              title={title}
              active={active}
              finished={tasks.length - active}
              collapseRef={collapse}
              onCollapse={() => setOpen(false)}
            />
            <TrayStorage />
            <ul
              id="download-task-list"
              className="divide-y divide-slate-100 overflow-y-auto overscroll-contain"
            >
              {tasks.map((task) => (
                <li
                  key={task.download_id}
                  data-download-id={task.download_id}
                  ref={task.download_id === linked ? scrollIntoView : undefined}
                  className={task.download_id === linked ? 'bg-sky-50' : undefined}
                >
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
            className="flex items-center gap-1.5 rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            <Download aria-hidden className="size-4 text-sky-700" />
            {/* The count alone on a phone, so the header keeps to one line. */}
            <span className="sr-only md:not-sr-only">{title}</span>
            {active > 0 ? (
              <>
                <span aria-hidden className="rounded-full bg-sky-600 px-1.5 text-xs text-white">
                  {active}
                </span>
                <span className="sr-only">{t('panel.active', { count: active })}</span>
              </>
            ) : (
              <span aria-hidden className="text-xs text-slate-500 md:hidden">
                {tasks.length}
              </span>
            )}
          </button>
        )}
      </section>
    </>
  );
}

/** The task a notification linked to comes into view when the tray opens at it. */
function scrollIntoView(element: HTMLElement | null): void {
  element?.scrollIntoView({ block: 'nearest' });
}

function TrayHeading(props: {
  title: string;
  active: number;
  finished: number;
  collapseRef: React.RefObject<HTMLButtonElement | null>;
  onCollapse: () => void;
}) {
  const { t } = useTranslation('downloads');
  const remove = useRemoveDownloads();
  const removeFinished = () =>
    remove.mutate(null, {
      onError: (error) => toast.error(t('row.removeError', { message: errorMessage(error) })),
    });
  return (
    <div className="flex items-center gap-2 border-b border-slate-200 px-3 py-2">
      <h2 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Download aria-hidden className="size-4 text-sky-700" />
        {props.title}
      </h2>
      {props.active > 0 && (
        <span className="text-xs text-sky-700">{t('panel.active', { count: props.active })}</span>
      )}
      {props.finished > 0 && (
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
        ref={props.collapseRef}
        type="button"
        aria-label={t('panel.collapse')}
        aria-expanded
        aria-controls="download-task-list"
        onClick={props.onCollapse}
        className={`${props.finished > 0 ? '' : 'ml-auto '}rounded p-1 text-slate-500 hover:bg-slate-100`}
      >
        <X aria-hidden className="size-4" />
      </button>
    </div>
  );
}
