import { useState } from 'react';
import { Dialog } from 'radix-ui';
import { SlidersHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DatasetOptions as Options } from '@capshelf/contract';
import { buttonClass } from '../../components/button';
import { dialogOverlayClass, dialogPanelClass } from '../../components/dialog';
import { useReturnFocus } from '../../lib/useReturnFocus';
import { DatasetOptions } from './DatasetOptions';
import { ExportOptions } from './ExportOptions';
import { selectionOptionCount } from './selectionChoice';

/**
 * The selection download's dataset options: a button in the selection bar (it counts the options
 * on) that opens them in a dialog. The selection, in grid order, is one scope; its archive takes
 * the layouts and metadata files of the whole-work download.
 */
export function SelectionDatasetButton({
  value,
  onChange,
  className,
}: {
  value: Options;
  onChange: (next: Options) => void;
  className: string;
}) {
  const { t } = useTranslation('downloads');
  const [open, setOpen] = useState(false);
  const returnFocus = useReturnFocus();
  const active = selectionOptionCount(value);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={`${buttonClass(active ? 'primary' : 'secondary')} ${className}`}>
        <SlidersHorizontal aria-hidden className="size-4" />
        {t('selectionDataset.button', { count: active })}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content
          {...returnFocus}
          className={`${dialogPanelClass} max-h-[90vh] w-[min(28rem,calc(100vw-1.5rem))] overflow-y-auto p-5`}
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">
            {t('selectionDataset.title')}
          </Dialog.Title>
          <Dialog.Description className="text-sm text-slate-600">
            {t('selectionDataset.description')}
          </Dialog.Description>
          <DatasetOptions value={value} onChange={onChange} withScope={false} />
          <ExportOptions
            value={value}
            onChange={onChange}
            namePlaceholder={t('export.selectionNamePlaceholder')}
          />
          <div className="flex justify-end">
            <Dialog.Close className={buttonClass()}>{t('selectionDataset.done')}</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
