import type { ReactNode } from 'react';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/FormField';
import { SelectField } from '../../components/SelectField';
import { buttonClass } from '../../components/button';
import type { ImageSize } from '../selection';
import { COLUMN_CHOICES, type ColumnChoice } from './columns';
import { RefreshButton } from '../../components/RefreshButton';
import { SizeChoice } from '../downloads/SizeChoice';

interface ImageToolbarProps {
  /** Screen-specific controls (the episode mode selector; the local library's sort later). */
  extra?: ReactNode;
  size: ImageSize;
  /** The sizes the server's hosts deliver for this list. */
  sizes: ImageSize[];
  onSizeChange: (size: ImageSize) => void;
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
  const { t } = useTranslation('images');
  const columnOptions: { value: ColumnChoice; label: string }[] = [
    { value: 'auto', label: t('toolbar.autoColumns') },
    ...COLUMN_CHOICES.map((count) => ({
      value: count,
      label: t('toolbar.columnCount', { count }),
    })),
  ];
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        {props.extra}
        <SizeChoice
          name="image-size"
          offered={props.sizes}
          value={props.size}
          onChange={props.onSizeChange}
        />
        <SelectField
          id="image-columns"
          label={t('toolbar.columns')}
          value={props.columns}
          options={columnOptions}
          onChange={props.onColumnsChange}
        />
        <div className="flex gap-2 sm:ml-auto">
          <RefreshButton
            label={t('toolbar.refresh')}
            onRefresh={props.onRefresh}
            busy={props.busy}
          />
          {props.onClearCache && (
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={props.onClearCache}
              disabled={props.clearing || props.busy}
            >
              <Trash2 aria-hidden className="size-4" />
              {props.clearing ? t('clear.pending') : t('clear.confirm')}
            </button>
          )}
        </div>
      </div>
      <div className="w-full sm:w-48">
        <FormField
          id="image-id-filter"
          label={t('toolbar.filter')}
          inputMode="numeric"
          placeholder={t('toolbar.filterPlaceholder')}
          value={props.filter}
          onChange={props.onFilterChange}
        />
      </div>
    </div>
  );
}
