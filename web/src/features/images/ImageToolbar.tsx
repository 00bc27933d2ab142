import type { ReactNode } from 'react';
import { Download, RefreshCw, Trash2 } from 'lucide-react';
import { FormField } from '../../components/FormField';
import { RadioGroup } from '../../components/RadioGroup';
import { SelectField } from '../../components/SelectField';
import { buttonClass } from '../../components/button';
import type { ImageSize } from '../selection';
import { COLUMN_CHOICES, type Columns } from './ImageGrid';

const sizeOptions = [
  { value: 'small', label: '小图' },
  { value: 'large', label: '大图' },
] as const;
const columnOptions = COLUMN_CHOICES.map((count) => ({ value: count, label: `${count} 列` }));

interface ImageToolbarProps {
  /** Screen-specific controls (the episode mode selector; the local library's sort later). */
  extra?: ReactNode;
  size: ImageSize;
  onSizeChange: (size: ImageSize) => void;
  columns: Columns;
  onColumnsChange: (columns: Columns) => void;
  busy: boolean;
  onRefresh: () => void;
  /** Present only where there is an episode cache to clear. */
  onClearCache?: () => void;
  clearing: boolean;
  filter: string;
  onFilterChange: (filter: string) => void;
  selectedCount: number;
  onSelectAll: () => void;
  onDeselectAll: () => void;
  /** Starts a ZIP of the selection; with none selected it explains why nothing happens. */
  onDownload: () => void;
  downloading: boolean;
}

export function ImageToolbar(props: ImageToolbarProps) {
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-center gap-4">
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
        <div className="ml-auto flex gap-2">
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
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-48">
          <FormField
            id="image-id-filter"
            label="按ID筛选"
            inputMode="numeric"
            placeholder="输入图片ID"
            value={props.filter}
            onChange={props.onFilterChange}
          />
        </div>
        <button type="button" className={buttonClass('secondary')} onClick={props.onSelectAll}>
          全选
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={props.onDeselectAll}>
          取消全选
        </button>
        <span aria-live="polite" className="pb-2 text-sm text-slate-700">
          已选择 {props.selectedCount} 张
        </span>
        <button
          type="button"
          className={`${buttonClass()} ml-auto`}
          onClick={props.onDownload}
          disabled={props.downloading}
        >
          <Download aria-hidden className="size-4" />
          下载选中 ({props.selectedCount})
        </button>
      </div>
    </div>
  );
}
