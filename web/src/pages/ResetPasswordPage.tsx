import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, useResetConfirm } from '../api';
import { FormActions, StackedForm } from '../components/FormActions';
import { FormError } from '../components/FormError';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { Panel } from '../components/Panel';
import { buttonClass } from '../components/button';
import { useForm } from '../components/useForm';
import { checked, newPasswordProblem } from '../lib/validation';
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
  const form = useForm('reset-password', { new: '', confirm: '' });

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

  const { new: password, confirm: repeat } = form.values;
  const submit = form.submit(
    () => checked(newPasswordProblem(password, repeat), { token, new_password: password }),
    (request) =>
      confirm.mutate(request, {
        onError: (error) =>
          error instanceof ApiError && error.status === 400
            ? form.setProblem(t('errors:code.RESET_TOKEN_INVALID'))
            : form.failed(t('reset.failed'))(error),
      }),
  );

  return (
    <Panel title={t('reset.title')}>
      <StackedForm onSubmit={submit}>
        <NewPasswordFields password={form.field('new')} repeat={form.field('confirm')} />
        <FormActions
          problem={form.problem}
          pending={confirm.isPending}
          label={t('reset.title')}
          pendingLabel={t('reset.pending')}
        />
      </StackedForm>
    </Panel>
  );
}
