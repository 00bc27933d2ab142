import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  DatasetOptions as Options,
  type DatasetReviewRequest,
  type DownloadSize,
} from '@capshelf/contract';
import { useDatasetReview } from '../../api';
import { Spinner } from '../../components/Spinner';
import { buttonClass } from '../../components/button';
import { usePageTitle } from '../../lib/usePageTitle';
import { DatasetOptions } from '../downloads/DatasetOptions';
import { sizeInEffect, useDownloadSizes } from '../downloads/size';
import { SizeChoice } from '../downloads/SizeChoice';
import { UpstreamError } from '../site-health';
import { NO_OVERRIDES, overrideFields, tally, toggle } from './decision';
import { ReviewFrames } from './ReviewFrames';
import { ReviewStart } from './ReviewStart';
import { ReviewTotals } from './ReviewTotals';

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
 * /episodes/:showId/dataset (制作数据集): what a whole-work download keeps and drops, filling in
 * as the work is read; the user turns any frame's decision, then starts the job with exactly it.
 * The decisions live in this page and go with the job request; nothing is stored for them.
 */
export function DatasetReviewPage() {
  const { t } = useTranslation('downloads');
  const { showId = '' } = useParams();
  const [params] = useSearchParams();
  const contentType = params.get('contentType');
  const kind = contentType === 'tv' || contentType === 'anime' ? contentType : undefined;
  const sizes = useDownloadSizes([kind ?? 'anime']);
  const [chosenSize, setSize] = useState<DownloadSize | null>(null);
  const size = sizeInEffect(sizes, chosenSize);
  const [options, setOptions] = useState(REVIEW_OPTIONS);
  const [overrides, setOverrides] = useState(NO_OVERRIDES);
  const scope: Omit<DatasetReviewRequest, 'offset'> = {
    work_url: showId,
    ...(kind ? { kind } : {}),
    size,
  };
  const { review, error, retry } = useDatasetReview({ ...scope, ...filterPart(options) });
  const title = review?.work_title || params.get('title') || '';
  usePageTitle(title ? t('review.title', { title }) : t('review.heading'));
  const counts = review ? tally(review, overrides) : null;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to={{ pathname: `/episodes/${encodeURIComponent(showId)}`, search: params.toString() }}
          className={buttonClass('secondary')}
        >
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
      {review && counts && (
        <>
          <ReviewTotals tally={counts} complete={review.complete} />
          <ReviewStart
            request={{ ...scope, ...overrideFields(review, overrides) }}
            options={options}
            onChange={setOptions}
            keptCount={counts.kept + counts.pending}
          />
          <ReviewFrames
            frames={review.frames}
            overrides={overrides}
            onToggle={(frame) => setOverrides((current) => toggle(current, frame))}
          />
        </>
      )}
    </div>
  );
}
