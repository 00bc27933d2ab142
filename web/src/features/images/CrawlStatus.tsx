import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { serverMessage, type CrawlProgress } from '../../api';
import { buttonClass } from '../../components/button';

/** Past this many pages a complete read takes long enough that fast mode is worth offering. */
export const FAST_MODE_OFFER_PAGES = 5;

interface CrawlStatusProps {
  progress: CrawlProgress;
  total: number;
  onResume: () => unknown;
  /** Offered while a long episode is read; absent where fast mode does not apply (movies). */
  onFastMode?: () => void;
}

/** How far the server has read a list that grows under the grid, and what can be done meanwhile. */
export function CrawlStatus({ progress, total, onResume, onFastMode }: CrawlStatusProps) {
  const { t } = useTranslation('images');
  if (progress.state === 'done') return null;
  if (progress.state === 'failed') {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
      >
        <span>
          {t('crawl.failed', {
            page: progress.page,
            reason: progress.error
              ? serverMessage(progress.error.message, t('crawl.readFailed'))
              : t('crawl.readFailed'),
            count: total,
          })}
        </span>
        <button type="button" className={buttonClass('secondary')} onClick={onResume}>
          {t('crawl.resume')}
        </button>
      </div>
    );
  }
  const many = Math.max(progress.pagesAtLeast, progress.page) >= FAST_MODE_OFFER_PAGES;
  return (
    <div className="flex flex-col gap-2">
      <p
        role="status"
        className="flex items-center gap-2 text-sm text-slate-600"
        data-testid="crawl-progress"
      >
        <LoaderCircle aria-hidden className="size-4 animate-spin text-sky-600" />
        {/* Only what is known: pages and images read so far. The pager shows a window of pages,
            never the last, so no total is promised; the header has it once every page is read. */}
        {progress.page === 0
          ? t('crawl.firstPage')
          : t('crawl.reading', { pages: progress.page, count: total })}
      </p>
      {many && onFastMode && (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <span>{t('crawl.fastOffer')}</span>
          <button type="button" className={buttonClass('secondary')} onClick={onFastMode}>
            {t('crawl.useFast')}
          </button>
        </div>
      )}
    </div>
  );
}
