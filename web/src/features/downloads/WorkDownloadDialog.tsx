import { useState } from 'react';
import toast from 'react-hot-toast';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { DatasetOptions as Options, type DownloadSize, type Episode } from '@capshelf/contract';
import { errorMessage, useCreateWorkDownload, useWorkEstimate } from '../../api';
import { buttonClass } from '../../components/button';
import { useReturnFocus } from '../../lib/useReturnFocus';
import { DatasetOptions } from './DatasetOptions';
import { ExportOptions } from './ExportOptions';
import { sizeInEffect, useDownloadSizes } from './size';
import { SizeChoice } from './SizeChoice';
import { TaggerBadge } from './TaggerBadge';
import { WorkEstimate } from './WorkEstimate';
import { watchDownload } from './watch';
import { dialogOverlayClass, dialogPanelClass } from '../../components/dialog';

interface WorkDownloadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What POST /episodes/ was asked with: the show URL (or its query part) and its kind. */
  workUrl: string;
  kind: 'anime' | 'tv' | undefined;
  workTitle: string;
  episodes: readonly Episode[];
}

/**
 * 下载整部: every episode of a work, or the ones ticked, in one background ZIP task, with the
 * dataset options (near-duplicate and bad frames left out, metadata files alongside): the filters
 * follow the layout until the user sets them, and the tagger badge says whether tags are written.
 */
export function WorkDownloadDialog(props: WorkDownloadDialogProps) {
  const { open, onOpenChange, episodes } = props;
  const returnFocus = useReturnFocus();
  const create = useCreateWorkDownload();
  const { t } = useTranslation('downloads');
  const sizes = useDownloadSizes([props.kind ?? 'anime']);
  const [chosenSize, setSize] = useState<DownloadSize | null>(null);
  const size = sizeInEffect(sizes, chosenSize);
  const [chosen, setChosen] = useState<ReadonlySet<number> | null>(null);
  const [options, setOptions] = useState(() => Options.parse({}));
  const picked = chosen ?? new Set(episodes.map((e) => e.id));
  const toggle = (id: number) => {
    const next = new Set(picked);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  };

  const all = picked.size === episodes.length;
  // What is downloaded; the estimate is asked for the same (the dataset options do not change it).
  const what = {
    work_url: props.workUrl,
    ...(props.kind ? { kind: props.kind } : {}),
    ...(all ? {} : { episode_ids: episodes.filter((e) => picked.has(e.id)).map((e) => e.id) }),
    size,
  };
  const estimate = useWorkEstimate(what, open && picked.size > 0);
  const blocked = Boolean(estimate.data?.limit_reached);

  const start = () => {
    create.mutate(
      { ...what, ...options },
      {
        onSuccess: ({ download_id, episodes_total }) => {
          watchDownload(download_id);
          toast.success(t('work.created', { count: episodes_total ?? picked.size }));
          onOpenChange(false);
        },
        onError: (error) => toast.error(t('work.failed', { message: errorMessage(error) })),
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content
          {...returnFocus}
          className={`${dialogPanelClass} max-h-[90vh] w-[min(32rem,calc(100vw-1.5rem))] overflow-y-auto p-5`}
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">
            {t('work.title')}
            <span data-user-content="">{props.workTitle}</span>
          </Dialog.Title>
          <Dialog.Description className="text-sm text-slate-600">
            {t('work.description')}
          </Dialog.Description>
          <SizeChoice name="work-size" offered={sizes.offered} value={size} onChange={setSize} />
          {picked.size > 0 && <WorkEstimate estimate={estimate.data} failed={estimate.isError} />}
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm text-slate-600">
              {t('work.episodes', { picked: picked.size, count: episodes.length })}
            </legend>
            <div className="flex gap-2 text-xs">
              <button
                type="button"
                className="text-sky-700 hover:underline"
                onClick={() => setChosen(null)}
              >
                {t('work.all')}
              </button>
              <button
                type="button"
                className="text-sky-700 hover:underline"
                onClick={() => setChosen(new Set())}
              >
                {t('work.none')}
              </button>
            </div>
            <ul className="grid max-h-48 grid-cols-1 gap-1 overflow-y-auto rounded border border-slate-200 p-2 sm:grid-cols-2">
              {episodes.map((episode) => (
                <li key={episode.id}>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={picked.has(episode.id)}
                      onChange={() => toggle(episode.id)}
                    />
                    <span className="truncate" data-user-content="">
                      {episode.title}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <DatasetOptions value={options} onChange={setOptions} withScope />
          <ExportOptions value={options} onChange={setOptions} />
          <TaggerBadge />
          <div className="flex justify-end gap-2">
            <Dialog.Close className={buttonClass('secondary')}>{t('work.cancel')}</Dialog.Close>
            <button
              type="button"
              className={buttonClass()}
              onClick={start}
              disabled={create.isPending || picked.size === 0 || blocked}
            >
              {create.isPending ? t('work.creating') : t('work.start', { count: picked.size })}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
