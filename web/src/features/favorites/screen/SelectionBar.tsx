import type { ReactNode } from 'react';
import { Trash2 } from 'lucide-react';
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
  return (
    <section
      aria-label="已选择的收藏"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3"
    >
      <span aria-live="polite" className="text-sm text-slate-700">
        已选择 {count} 项
      </span>
      <button type="button" className={buttonClass('secondary')} onClick={onSelectAll}>
        全选
      </button>
      <button
        type="button"
        className={buttonClass('secondary')}
        onClick={onClear}
        disabled={count === 0}
      >
        取消选择
      </button>
      <button
        type="button"
        className={buttonClass('danger')}
        onClick={onDelete}
        disabled={count === 0}
      >
        <Trash2 aria-hidden className="size-4" />
        删除选中
      </button>
      {children && <div className="ml-auto flex flex-wrap items-center gap-3">{children}</div>}
    </section>
  );
}
