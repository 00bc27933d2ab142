import { useTranslation } from 'react-i18next';
import { FormField } from './FormField';
import type { FieldBinding } from './useForm';

/** New password plus confirmation, with the rule spelled out (reset and change password). */
export function NewPasswordFields({
  password,
  repeat,
}: {
  password: FieldBinding;
  repeat: FieldBinding;
}) {
  const { t } = useTranslation('auth');
  // The rule stands under both fields; screen readers hear it with the new password.
  const ruleId = `${password.id}-rule`;
  return (
    <>
      <FormField
        {...password}
        kind="new-password"
        label={t('newPassword.label')}
        aria-describedby={ruleId}
      />
      <FormField {...repeat} kind="new-password" label={t('newPassword.repeat')} />
      <p id={ruleId} className="text-xs text-slate-500">
        {t('newPassword.rule')}
      </p>
    </>
  );
}
