import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from './button';

interface PagerProps {
  page: number;
  /** Pages in all; nothing is shown for a single page. */
  pages: number;
  onChange: (page: number) => void;
}

export const pageCount = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

/** Previous / next with "第 N / M 页"; a new page starts at the top of the window. */
export function Pager({ page, pages, onChange }: PagerProps) {
  const { t } = useTranslation('layout');
  if (pages <= 1) return null;
  const go = (next: number) => {
    onChange(next);
    window.scrollTo({ top: 0 });
  };
  return (
    <nav aria-label={t('pager.label')} className="flex items-center justify-center gap-3 py-2">
      <button
        type="button"
        className={buttonClass('secondary')}
        onClick={() => go(page - 1)}
        disabled={page <= 1}
      >
        <ChevronLeft aria-hidden className="size-4" />
        {t('pager.previous')}
      </button>
      <span className="text-sm text-slate-600">{t('pager.position', { page, pages })}</span>
      <button
        type="button"
        className={buttonClass('secondary')}
        onClick={() => go(page + 1)}
        disabled={page >= pages}
      >
        {t('pager.next')}
        <ChevronRight aria-hidden className="size-4" />
      </button>
    </nav>
  );
}
