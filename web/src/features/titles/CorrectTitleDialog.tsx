import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'radix-ui';
import toast from 'react-hot-toast';
import type { Ref, WorkChineseTitle } from '@capshelf/contract';
import { errorMessage, useCorrectWorkTitle, useTitleSuggestions } from '../../api';
import { DialogCloseButton } from '../../components/DialogCloseButton';
import { FormField } from '../../components/FormField';
import { buttonClass } from '../../components/button';
import { dialogOverlayClass, dialogPanelClass } from '../../components/dialog';
import { useDebouncedValue } from '../../lib/useDebouncedValue';

/** Admin: which work of the title table this is (from its Chinese name), or none. Audited. */
export function CorrectTitleDialog({
  work,
  current,
  onClose,
}: {
  work: Ref;
  current: WorkChineseTitle | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('search');
  const [text, setText] = useState(current?.chinese_name ?? '');
  const suggestions = useTitleSuggestions(useDebouncedValue(text, 250));
  const change = useCorrectWorkTitle(work);
  const choose = (ref: string | null) =>
    change.mutate(ref, {
      onSuccess: () => {
        toast.success(ref ? t('chineseTitle.corrected') : t('chineseTitle.removed'));
        onClose();
      },
      onError: (error) => toast.error(errorMessage(error, t('common:actionFailed'))),
    });

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content
          className={`${dialogPanelClass} max-h-[90vh] w-[min(32rem,calc(100vw-1.5rem))] overflow-y-auto p-5`}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">
              {t('chineseTitle.dialogTitle')}
            </Dialog.Title>
            <DialogCloseButton label={t('chineseTitle.close')} look="panel" />
          </div>
          <Dialog.Description className="text-sm text-slate-600">
            {t('chineseTitle.dialogHelp')}
          </Dialog.Description>
          <FormField
            id="chinese-title-search"
            label={t('chineseTitle.searchLabel')}
            type="search"
            value={text}
            onChange={setText}
          />
          <ul className="flex flex-col gap-1" aria-label={t('chineseTitle.candidates')}>
            {(suggestions.data?.suggestions ?? []).map((entry) => (
              <li key={entry.ref}>
                <button
                  type="button"
                  disabled={change.isPending}
                  className="flex w-full flex-wrap items-baseline gap-x-2 rounded px-2 py-1.5 text-left hover:bg-sky-50 disabled:opacity-60"
                  aria-current={entry.ref === current?.ref ? 'true' : undefined}
                  onClick={() => choose(entry.ref)}
                >
                  <span className="font-medium text-slate-900" data-user-content="">
                    {entry.chinese_name}
                  </span>
                  <span className="text-sm text-slate-500" data-user-content="">
                    {entry.original_title}
                    {entry.year !== null && ` · ${entry.year}`}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {current && (
            <div className="flex justify-end">
              <button
                type="button"
                className={buttonClass('secondary')}
                disabled={change.isPending}
                onClick={() => choose(null)}
              >
                {t('chineseTitle.remove')}
              </button>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
