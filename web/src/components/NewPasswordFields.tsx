import { useTranslation } from 'react-i18next';
import { FormField } from './FormField';

interface NewPasswordFieldsProps {
  idPrefix: string;
  password: string;
  repeat: string;
  onPasswordChange: (value: string) => void;
  onRepeatChange: (value: string) => void;
}

/** New password plus confirmation, with the rule spelled out (reset and change password). */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { idPrefix, password, repeat, onPasswordChange, onRepeatChange } = props;
  const { t } = useTranslation('auth');
  return (
    <>
      <FormField
        id={`${idPrefix}-new`}
        label={t('newPassword.label')}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={onPasswordChange}
      />
      <FormField
        id={`${idPrefix}-confirm`}
        label={t('newPassword.repeat')}
        type="password"
        autoComplete="new-password"
        value={repeat}
        onChange={onRepeatChange}
      />
      <p className="text-xs text-slate-500">{t('newPassword.rule')}</p>
    </>
  );
}
