import type { ReactNode } from 'react';
import { Download, MoveHorizontal, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button';

export type RangeStep = 'off' | 'first' | 'last';

interface ImageSelectionBarProps {
  selectedCount: number;
  onSelectAll: () => void;
  onDeselectAll: () => void;
  /** Range mode: the next tap marks where the range starts, the one after where it ends. */
  range: RangeStep;
  onRangeToggle: () => void;
  /** Starts a ZIP of the selection; with none selected it explains why nothing happens. */
  onDownload: () => void;
  downloading: boolean;
  /** The download's dataset options (a button given its class), beside the download button. */
  datasetOptions?: (className: string) => ReactNode;
  /**
   * Makes a share link of the selection, or with none selected of the whole episode (`whole`);
   * absent where neither can be shared.
   */
  onShare?: () => void;
  /** What 分享 takes with nothing selected: the whole episode, or nothing (disabled). */
  shareWhole?: boolean;
}

const rangeHint = {
  first: 'bar.rangeFirst',
  last: 'bar.rangeLast',
} as const satisfies Record<Exclude<RangeStep, 'off'>, string>;

/**
 * The count and the selection's actions, kept at the top of the screen while a long grid
 * scrolls under it (sticky), on phones and desktops alike.
 */
export function ImageSelectionBar(props: ImageSelectionBarProps) {
  const { t } = useTranslation('selection');
  const small = 'px-3 py-1.5';
  return (
    <div
      role="toolbar"
      aria-label={t('bar.label')}
      className="sticky top-0 z-20 -mx-4 flex flex-col gap-1 border-y border-slate-200 bg-white/95 px-4 py-2 shadow-sm backdrop-blur sm:mx-0 sm:rounded-lg sm:border"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span aria-live="polite" className="text-sm font-medium whitespace-nowrap text-slate-700">
          {t('bar.selected', { count: props.selectedCount })}
        </span>
        <button
          type="button"
          className={`${buttonClass('secondary')} ${small}`}
          onClick={props.onSelectAll}
        >
          {t('bar.selectAll')}
        </button>
        <button
          type="button"
          className={`${buttonClass('secondary')} ${small}`}
          onClick={props.onDeselectAll}
        >
          {t('bar.deselectAll')}
        </button>
        <button
          type="button"
          aria-pressed={props.range !== 'off'}
          className={`${buttonClass(props.range === 'off' ? 'secondary' : 'primary')} ${small}`}
          onClick={props.onRangeToggle}
        >
          <MoveHorizontal aria-hidden className="size-4" />
          {t('bar.range')}
        </button>
        {props.datasetOptions?.(small)}
        {props.onShare && (
          <button
            type="button"
            className={`${buttonClass('secondary')} ${small}`}
            onClick={props.onShare}
            disabled={props.selectedCount === 0 && !props.shareWhole}
          >
            <Share2 aria-hidden className="size-4" />
            {props.selectedCount > 0 ? t('bar.shareSelected') : t('bar.shareWhole')}
          </button>
        )}
        {/* At the far right on a phone, under the thumb; beside the other actions on wider
            screens, next to what it acts on. */}
        <button
          type="button"
          className={`${buttonClass()} ${small} ml-auto sm:ml-0`}
          onClick={props.onDownload}
          disabled={props.downloading}
        >
          <Download aria-hidden className="size-4" />
          {t('bar.download', { count: props.selectedCount })}
        </button>
      </div>
      {props.range !== 'off' && (
        <p role="status" className="text-xs text-sky-800">
          {t(rangeHint[props.range])}
        </p>
      )}
    </div>
  );
}
