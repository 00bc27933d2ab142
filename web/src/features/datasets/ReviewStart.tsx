import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { CreateWorkDownloadRequest, DatasetOptions } from '@capshelf/contract';
import { errorMessage, useCreateWorkDownload } from '../../api';
import { buttonClass } from '../../components/button';
import { ExportOptions } from '../downloads/ExportOptions';
import { watchDownload } from '../downloads/watch';

/** 开始下载: the whole-work job with the review's options and the user's decisions, and its layout. */
export function ReviewStart({
  request,
  options,
  onChange,
  keptCount,
}: {
  /** The work, size and the user's decisions. */
  request: CreateWorkDownloadRequest;
  /** The review's dataset options, whose layout and metadata are chosen here. */
  options: DatasetOptions;
  onChange: (next: DatasetOptions) => void;
  keptCount: number;
}) {
  const { t } = useTranslation('downloads');
  const create = useCreateWorkDownload();
  const start = () =>
    create.mutate(
      { ...request, ...options },
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
      <ExportOptions value={options} onChange={onChange} />
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
