import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage, useResetConfirm } from '../api';
import { FormError } from '../components/FormError';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { Panel } from '../components/Panel';
import { buttonClass } from '../components/button';
import { newPasswordProblem } from '../lib/validation';
import { usePageTitle } from '../lib/usePageTitle';

export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('reset.title'));
  const token = useSearchParams()[0].get('token');
  if (!token) {
    return (
      <Panel title={t('reset.invalidLink')}>
        <FormError message={t('validation:resetTokenInvalid')} />
        <Link to="/forgot-password" className={buttonClass()}>
          {t('reset.requestAgain')}
        </Link>
      </Panel>
    );
  }
  return <ResetPasswordForm token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const confirm = useResetConfirm();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  if (confirm.isSuccess) {
    return (
      <Panel title={t('reset.done')}>
        <p className="text-slate-600">{t('reset.doneBody')}</p>
        <Link to="/login" className={buttonClass()}>
          {t('reset.toLogin')}
        </Link>
      </Panel>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = newPasswordProblem(password, repeat);
    setProblem(invalid);
    if (invalid) return;
    confirm.mutate(
      { token, new_password: password },
      {
        onError: (error) =>
          setProblem(
            error instanceof ApiError && error.status === 400
              ? t('errors:code.RESET_TOKEN_INVALID')
              : errorMessage(error, t('reset.failed')),
          ),
      },
    );
  };

  return (
    <Panel title={t('reset.title')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <NewPasswordFields
          idPrefix="reset-password"
          password={password}
          repeat={repeat}
          onPasswordChange={setPassword}
          onRepeatChange={setRepeat}
        />
        <FormError message={problem} />
        <button type="submit" className={buttonClass()} disabled={confirm.isPending}>
          {confirm.isPending ? t('reset.pending') : t('reset.title')}
        </button>
      </form>
    </Panel>
  );
}
