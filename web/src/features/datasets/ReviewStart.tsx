import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { CreateWorkDownloadRequest } from '@capshelf/contract';
import { errorMessage, useCreateWorkDownload } from '../../api';
import { buttonClass } from '../../components/button';
import { DEFAULT_EXPORT_CHOICE, ExportOptions, exportFields } from '../downloads/ExportOptions';
import { watchDownload } from '../downloads/watch';

/** 开始下载: the whole-work job with the review's options and the user's decisions, and its layout. */
export function ReviewStart({
  request,
  keptCount,
}: {
  /** Everything but the archive's layout: the work, size, filter and the user's decisions. */
  request: CreateWorkDownloadRequest;
  keptCount: number;
}) {
  const { t } = useTranslation('downloads');
  const create = useCreateWorkDownload();
  const [layout, setLayout] = useState(DEFAULT_EXPORT_CHOICE);
  const [metadata, setMetadata] = useState(false);
  const start = () =>
    create.mutate(
      { ...request, metadata, ...exportFields(layout) },
      {
        onSuccess: ({ download_id }) => {
          watchDownload(download_id);
          toast.success(t('review.created'));
        },
        onError: (error) => toast.error(t('work.failed', { message: errorMessage(error) })),
      },
    );
  return (
    <section
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
      aria-labelledby="review-start"
    >
      <h2 id="review-start" className="text-lg font-semibold text-slate-900">
        {t('review.archive')}
      </h2>
      <ExportOptions value={layout} onChange={setLayout} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={metadata} onChange={(e) => setMetadata(e.target.checked)} />
        {t('work.metadata')}
      </label>
      <button
        type="button"
        className={`${buttonClass()} self-start`}
        onClick={start}
        disabled={create.isPending}
      >
        {create.isPending ? t('work.creating') : t('review.start', { count: keptCount })}
      </button>
    </section>
  );
}
