import { useState, type ReactNode } from 'react';
import { SlidersHorizontal, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/FormField';
import { SelectField } from '../../components/SelectField';
import { buttonClass } from '../../components/button';
import type { ImageSize } from '../selection';
import { COLUMN_CHOICES, type ColumnChoice } from './columns';
import { RefreshButton } from '../../components/RefreshButton';
import { SizeChoice } from '../downloads/SizeChoice';
import { useMediaQuery } from '../../lib/useMediaQuery';

/** A phone: the controls fold into one button, so the first row of pictures is on screen. */
const PHONE_QUERY = '(max-width: 639px)';

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

/**
 * How the grid looks and what a download takes; the selection's own bar is ImageSelectionBar.
 * On a phone the controls fold behind one 选项 button; a notice stays shown either way.
 */
export function ImageToolbar(props: ImageToolbarProps) {
  const { t } = useTranslation('images');
  const phone = useMediaQuery(PHONE_QUERY);
  const [unfolded, setUnfolded] = useState(false);
  const folded = phone && !unfolded;
  const columnOptions: { value: ColumnChoice; label: string }[] = [
    { value: 'auto', label: t('toolbar.autoColumns') },
    ...COLUMN_CHOICES.map((count) => ({
      value: count,
      label: t('toolbar.columnCount', { count }),
    })),
  ];
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-2 sm:gap-3 sm:p-3">
      {phone && (
        <button
          type="button"
          aria-expanded={unfolded}
          aria-controls="image-toolbar-options"
          onClick={() => setUnfolded(!unfolded)}
          className={`${buttonClass('secondary')} self-start px-3 py-1.5`}
        >
          <SlidersHorizontal aria-hidden className="size-4" />
          {t(unfolded ? 'toolbar.hideOptions' : 'toolbar.showOptions')}
        </button>
      )}
      <div
        id="image-toolbar-options"
        hidden={folded}
        className="flex flex-wrap items-center gap-x-4 gap-y-3"
      >
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
      <div hidden={folded} className="w-full sm:w-48">
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
