import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from './FormError';
import { buttonClass } from './button';

interface SubmitButtonProps {
  label: string;
  /** Shown instead of the label while the request is out. */
  pendingLabel: string;
  pending: boolean;
  disabled?: boolean;
  className?: string;
}

/** A form's submit button: disabled and relabelled while its request is out. */
export function SubmitButton(props: SubmitButtonProps) {
  const { label, pendingLabel, pending, disabled = false, className = buttonClass() } = props;
  return (
    <button type="submit" className={className} disabled={pending || disabled}>
      {pending ? pendingLabel : label}
    </button>
  );
}

interface FormActionsProps extends SubmitButtonProps {
  problem: string | null;
  /** Adds a Cancel button beside the submit button. */
  onCancel?: () => void;
}

/** The end of a form: its problem line, then submit (and Cancel). */
export function FormActions({ problem, onCancel, ...submit }: FormActionsProps) {
  const { t } = useTranslation('common');
  return (
    <>
      <FormError message={problem} />
      {onCancel ? (
        <div className="flex gap-3">
          <SubmitButton {...submit} />
          <button type="button" className={buttonClass('secondary')} onClick={onCancel}>
            {t('cancel')}
          </button>
        </div>
      ) : (
        <SubmitButton {...submit} />
      )}
    </>
  );
}

/**
 * A form of fields stacked one under the other. The browser's own validation is off: each form
 * checks its fields itself and says what is wrong in the page's language.
 */
export function StackedForm(props: { onSubmit: (event: FormEvent) => void; children: ReactNode }) {
  return (
    <form onSubmit={props.onSubmit} noValidate className="flex flex-col gap-4">
      {props.children}
    </form>
  );
}
