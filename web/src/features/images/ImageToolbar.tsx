import type { ReactNode } from 'react';
import { RefreshCw, Trash2 } from 'lucide-react';
import { FormField } from '../../components/FormField';
import { RadioGroup } from '../../components/RadioGroup';
import { SelectField } from '../../components/SelectField';
import { buttonClass } from '../../components/button';
import type { ImageSize } from '../selection';
import { COLUMN_CHOICES, type ColumnChoice } from './columns';

const columnOptions: { value: ColumnChoice; label: string }[] = [
  { value: 'auto', label: '自动' },
  ...COLUMN_CHOICES.map((count) => ({ value: count, label: `${count} 列` })),
];

interface ImageToolbarProps {
  /** Screen-specific controls (the episode mode selector; the local library's sort later). */
  extra?: ReactNode;
  size: ImageSize;
  onSizeChange: (size: ImageSize) => void;
  /** True when this list's 大图 come from the compressed host (the small-CDN preference). */
  compressedLarge: boolean;
  columns: ColumnChoice;
  onColumnsChange: (columns: ColumnChoice) => void;
  busy: boolean;
  onRefresh: () => void;
  /** Present only where there is an episode cache to clear. */
  onClearCache?: () => void;
  clearing: boolean;
  filter: string;
  onFilterChange: (filter: string) => void;
}

/** How the grid looks and what a download takes; the selection's own bar is ImageSelectionBar. */
export function ImageToolbar(props: ImageToolbarProps) {
  const sizeOptions = [
    { value: 'small', label: '小图' },
    { value: 'large', label: props.compressedLarge ? '大图（压缩）' : '大图（原图）' },
  ] as const;
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        {props.extra}
        <RadioGroup
          name="image-size"
          legend="图片尺寸"
          value={props.size}
          options={sizeOptions}
          onChange={props.onSizeChange}
        />
        <SelectField
          id="image-columns"
          label="列数"
          value={props.columns}
          options={columnOptions}
          onChange={props.onColumnsChange}
        />
        <div className="flex gap-2 sm:ml-auto">
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={props.onRefresh}
            disabled={props.busy}
          >
            <RefreshCw aria-hidden className={`size-4 ${props.busy ? 'animate-spin' : ''}`} />
            刷新
          </button>
          {props.onClearCache && (
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={props.onClearCache}
              disabled={props.clearing || props.busy}
            >
              <Trash2 aria-hidden className="size-4" />
              {props.clearing ? '清除中...' : '清除缓存'}
            </button>
          )}
        </div>
      </div>
      {props.size === 'large' && props.compressedLarge && (
        <p className="rounded bg-amber-50 px-3 py-2 text-xs text-amber-900">
          已开启“仅使用压缩图床”：大图将来自压缩图床（约 960×540），不是原图，ZIP
          文件名会标明“compressed”。如需原图，请在设置中关闭该选项。
        </p>
      )}
      <div className="w-full sm:w-48">
        <FormField
          id="image-id-filter"
          label="按ID筛选"
          inputMode="numeric"
          placeholder="输入图片ID"
          value={props.filter}
          onChange={props.onFilterChange}
        />
      </div>
    </div>
  );
}
