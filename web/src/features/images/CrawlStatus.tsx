import { LoaderCircle } from 'lucide-react';
import type { CrawlProgress } from '../../api';
import { buttonClass } from '../../components/button';

/** Past this many pages a complete read takes long enough that fast mode is worth offering. */
export const FAST_MODE_OFFER_PAGES = 5;

/** `第 3/24 页` once the page count is known, `第 3/5+ 页` while the pager only shows a window. */
export function pageText(progress: CrawlProgress): string {
  if (progress.page === 0) return '第 1 页';
  const of = progress.pages ?? `${Math.max(progress.pagesAtLeast, progress.page)}+`;
  return `第 ${progress.page}/${of} 页`;
}

interface CrawlStatusProps {
  progress: CrawlProgress;
  total: number;
  onResume: () => unknown;
  /** Offered while a long episode is read; absent where fast mode does not apply (movies). */
  onFastMode?: () => void;
}

/** How far the server has read a list that grows under the grid, and what can be done meanwhile. */
export function CrawlStatus({ progress, total, onResume, onFastMode }: CrawlStatusProps) {
  if (progress.state === 'done') return null;
  if (progress.state === 'failed') {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
      >
        <span>
          读取在第 {progress.page} 页后中断：{progress.error?.message ?? '读取失败'}
          。已显示读取到的 {total} 张。
        </span>
        <button type="button" className={buttonClass('secondary')} onClick={onResume}>
          继续读取
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
        正在读取 {pageText(progress)} · 已读取 {total} 张
      </p>
      {many && onFastMode && (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <span>
            本集页数较多（至少 {Math.max(progress.pagesAtLeast, progress.page)}{' '}
            页），完整读取每页约需 1 秒。快速模式只读几页，其余图片按编号推算。
          </span>
          <button type="button" className={buttonClass('secondary')} onClick={onFastMode}>
            改用快速模式
          </button>
        </div>
      )}
    </div>
  );
}
