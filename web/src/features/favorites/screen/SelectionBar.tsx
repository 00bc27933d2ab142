import type { ReactNode } from 'react';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button';

interface SelectionBarProps {
  count: number;
  onSelectAll: () => void;
  onClear: () => void;
  onDelete: () => void;
  /** The images tab's size choice and download button. */
  children?: ReactNode;
}

/** What is checked across the tabs, and what can be done with it. */
export function SelectionBar({
  count,
  onSelectAll,
  onClear,
  onDelete,
  children,
}: SelectionBarProps) {
  const { t } = useTranslation('favorites');
  return (
    <section
      aria-label={t('selection.label')}
      className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3"
    >
      <span aria-live="polite" className="text-sm text-slate-700">
        {t('selection.count', { count })}
      </span>
      <button type="button" className={buttonClass('secondary')} onClick={onSelectAll}>
        {t('selection.selectAll')}
      </button>
      <button
        type="button"
        className={buttonClass('secondary')}
        onClick={onClear}
        disabled={count === 0}
      >
        {t('selection.clear')}
      </button>
      <button
        type="button"
        className={buttonClass('danger')}
        onClick={onDelete}
        disabled={count === 0}
      >
        <Trash2 aria-hidden className="size-4" />
        {t('selection.delete')}
      </button>
      {children && <div className="ml-auto flex flex-wrap items-center gap-3">{children}</div>}
    </section>
  );
}
