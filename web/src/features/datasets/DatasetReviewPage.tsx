import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  DatasetOptions as Options,
  pagePath,
  type DatasetReviewRequest,
  type DownloadSize,
} from '@capshelf/contract';
import { useDatasetReview } from '../../api';
import { Spinner } from '../../components/Spinner';
import { buttonClass } from '../../components/button';
import { usePageTarget } from '../../lib/usePageTarget';
import { usePageTitle } from '../../lib/usePageTitle';
import { NotFoundPage } from '../../pages/NotFoundPage';
import { DatasetOptions } from '../downloads/DatasetOptions';
import { sizeInEffect, useDownloadSizes } from '../downloads/size';
import { SizeChoice } from '../downloads/SizeChoice';
import { UpstreamError } from '../site-health';
import { ReviewContent } from './ReviewContent';

/** A dataset leaves out repeats and bad frames by default: the review is there to adjust that. */
const REVIEW_OPTIONS: Options = Options.parse({
  skip_near_duplicates: true,
  quality_filters: ['dark', 'blank', 'blurry'],
});

/**
 * What the review is asked with: the options that decide which frames are left out. The layout
 * decides none, so changing it does not start the review over.
 */
function filterPart({
  skip_near_duplicates,
  near_duplicate_threshold,
  near_duplicate_scope,
  quality_filters,
}: Options) {
  return { skip_near_duplicates, near_duplicate_threshold, near_duplicate_scope, quality_filters };
}

/**
 * /episodes/:kind/:id/dataset (制作数据集): what a whole-work download keeps and drops, filling in
 * as the work is read; the user turns any frame's decision and edits the tags, then starts the job
 * with exactly them. The decisions are saved as a draft on the server as they are made.
 */
export function DatasetReviewPage() {
  const target = usePageTarget();
  if (!target || target.kind === 'movie') return <NotFoundPage />;
  return <DatasetReview kind={target.kind} id={target.id} />;
}

function DatasetReview({ kind, id }: { kind: 'anime' | 'tv'; id: number }) {
  const { t } = useTranslation('downloads');
  const showId = String(id);
  const sizes = useDownloadSizes([kind]);
  const [chosenSize, setSize] = useState<DownloadSize | null>(null);
  const size = sizeInEffect(sizes, chosenSize);
  const [options, setOptions] = useState(REVIEW_OPTIONS);
  const scope: Omit<DatasetReviewRequest, 'offset'> = useMemo(
    () => ({ work_url: showId, kind, size }),
    [showId, kind, size],
  );
  const { review, error, retry } = useDatasetReview({ ...scope, ...filterPart(options) });
  const title = review?.work_title ?? '';
  usePageTitle(title ? t('review.title', { title }) : t('review.heading'));

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <Link to={pagePath('episodes', kind, id)} className={buttonClass('secondary')}>
          <ArrowLeft aria-hidden className="size-4" />
          {t('review.back')}
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">
          {t('review.heading')}
          {title && (
            <span className="ml-2 font-normal text-slate-600" data-user-content="">
              {title}
            </span>
          )}
        </h1>
      </div>
      <section
        className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
        aria-label={t('review.options')}
      >
        <SizeChoice name="review-size" offered={sizes.offered} value={size} onChange={setSize} />
        <DatasetOptions value={options} onChange={setOptions} withScope />
      </section>
      {error && <UpstreamError error={error} onRetry={retry} fallback={t('review.failed')} />}
      {!review && !error && <Spinner label={t('review.loading')} />}
      {review && (
        <ReviewContent
          review={review}
          scope={scope}
          title={title}
          options={options}
          onOptions={setOptions}
        />
      )}
    </div>
  );
}
