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
  return (
    <>
      <FormField {...password} kind="new-password" label={t('newPassword.label')} />
      <FormField {...repeat} kind="new-password" label={t('newPassword.repeat')} />
      <p className="text-xs text-slate-500">{t('newPassword.rule')}</p>
    </>
  );
}
