import type { TFunction } from 'i18next';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { CreateWorkDownloadRequest, DatasetOptions } from '@capshelf/contract';
import { errorMessage, useCreateWorkDownload, useWorkEstimate } from '../../api';
import { buttonClass } from '../../components/button';
import { ExportOptions } from '../downloads/ExportOptions';
import { TaggerBadge } from '../downloads/TaggerBadge';
import { watchDownload } from '../downloads/watch';
import { WorkEstimate } from '../downloads/WorkEstimate';
import { ReviewCard } from './ReviewCard';

/**
 * How many frames the archive will hold, as far as it is known: exactly once every frame is
 * decided; between the kept frames and those plus the ones not measured yet while only measuring
 * is left; at least the kept ones while episodes are still being listed.
 */
export interface KeptCount {
  kept: number;
  pending: number;
  /** Every episode's listing read: no frame will be added. */
  listed: boolean;
}

function startLabel(t: TFunction<'downloads'>, count: KeptCount): string {
  if (count.pending === 0 && count.listed) return t('review.start', { count: count.kept });
  if (count.listed)
    return t('review.startRange', { min: count.kept, max: count.kept + count.pending });
  return t('review.startAtLeast', { count: count.kept });
}

/** 开始下载: the whole-work job with the review's options and the user's decisions, and its layout. */
export function ReviewStart({
  request,
  options,
  onChange,
  count,
}: {
  /** The work, size and the user's decisions. */
  request: CreateWorkDownloadRequest;
  /** The review's dataset options, whose layout and metadata are chosen here. */
  options: DatasetOptions;
  onChange: (next: DatasetOptions) => void;
  count: KeptCount;
}) {
  const { t } = useTranslation('downloads');
  const create = useCreateWorkDownload();
  // The whole-work dialog's own check: the server says up front when the user's job limit is reached.
  const { work_url, kind, size } = request;
  const estimate = useWorkEstimate({ work_url, ...(kind ? { kind } : {}), size }, true);
  const limit = estimate.data?.limit_reached;
  const start = () =>
    create.mutate(
      { ...request, ...options },
      {
        onSuccess: ({ download_id }) => {
          watchDownload(download_id);
          toast.success(t('review.created'));
          void estimate.refetch();
        },
        onError: (error) => toast.error(t('work.failed', { message: errorMessage(error) })),
      },
    );
  return (
    <ReviewCard id="review-start" heading={t('review.archive')}>
      <ExportOptions value={options} onChange={onChange} />
      <TaggerBadge />
      {limit && <WorkEstimate estimate={estimate.data} failed={false} />}
      <button
        type="button"
        className={`${buttonClass()} self-start`}
        onClick={start}
        disabled={create.isPending || Boolean(limit)}
      >
        {create.isPending ? t('work.creating') : startLabel(t, count)}
      </button>
    </ReviewCard>
  );
}
