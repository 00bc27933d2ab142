import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { ChangePasswordRequest } from '@capshelf/contract';
import { errorMessage, useChangePassword } from '../../api';
import { FormError } from '../../components/FormError';
import { FormField } from '../../components/FormField';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { buttonClass } from '../../components/button';
import { firstIssue } from '../../lib/validation';

/** Changes the password with POST /auth/change-password; the server checks the current one. */
export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('profile');
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ChangePasswordRequest.safeParse({
      current_password: current,
      new_password: password,
    });
    if (!parsed.success || password !== repeat) {
      setProblem(parsed.success ? t('validation:passwordMismatch') : firstIssue(parsed.error));
      return;
    }
    setProblem(null);
    change.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(t('password.saved'));
        onDone();
      },
      onError: (error) => setProblem(errorMessage(error, t('password.failed'))),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField
        id="change-password-current"
        label={t('password.current')}
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={setCurrent}
      />
      <NewPasswordFields
        idPrefix="change-password"
        password={password}
        repeat={repeat}
        onPasswordChange={setPassword}
        onRepeatChange={setRepeat}
      />
      <FormError message={problem} />
      <div className="flex gap-3">
        <button type="submit" className={buttonClass()} disabled={change.isPending}>
          {change.isPending ? t('common:submitting') : t('password.submit')}
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={onDone}>
          {t('common:cancel')}
        </button>
      </div>
    </form>
  );
}
