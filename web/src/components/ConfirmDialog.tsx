import type { ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { buttonClass } from './button';
import { useReturnFocus } from '../lib/useReturnFocus';
import { dialogOverlayClass, dialogPanelClass } from './dialog';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  /** While the confirmed action runs: both buttons disabled, the dialog cannot be dismissed. */
  pending?: boolean;
  pendingLabel?: string;
  danger?: boolean;
  /** The confirm button stays disabled (a field of the question still empty). */
  confirmDisabled?: boolean;
}

/**
 * A yes/no question in a modal (radix AlertDialog). The confirm button is a plain button, not
 * AlertDialog.Action, so an async action keeps the dialog open until the caller closes it.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, onOpenChange, title, description, confirmLabel, onConfirm, pending } = props;
  const returnFocus = useReturnFocus();
  const { t } = useTranslation();
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogOverlayClass} />
        <AlertDialog.Content
          {...returnFocus}
          className={`${dialogPanelClass} w-[min(28rem,calc(100vw-2rem))] p-6`}
        >
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-slate-600">
            {description}
          </AlertDialog.Description>
          <div className="flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass('secondary')} disabled={pending}>
              {t('cancel')}
            </AlertDialog.Cancel>
            <button
              type="button"
              className={buttonClass(props.danger ? 'danger' : 'primary')}
              onClick={onConfirm}
              disabled={pending || props.confirmDisabled}
            >
              {pending ? (props.pendingLabel ?? confirmLabel) : confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
