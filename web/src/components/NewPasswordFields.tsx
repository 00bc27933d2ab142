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
  return (
    <>
      <FormField
        id={`${idPrefix}-new`}
        label="新密码"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={onPasswordChange}
      />
      <FormField
        id={`${idPrefix}-confirm`}
        label="确认新密码"
        type="password"
        autoComplete="new-password"
        value={repeat}
        onChange={onRepeatChange}
      />
      <p className="text-xs text-slate-500">密码至少8位，且须包含大写字母、小写字母和数字。</p>
    </>
  );
}
