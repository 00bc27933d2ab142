import { Link } from 'react-router';
import { ResetRequest } from '@capshelf/contract';
import { useTranslation } from 'react-i18next';
import { serverMessage, useResetRequest } from '../api';
import { checked, emailProblem } from '../lib/validation';
import { FormActions, StackedForm } from '../components/FormActions';
import { FormField } from '../components/FormField';
import { Panel } from '../components/Panel';
import { buttonClass } from '../components/button';
import { useForm } from '../components/useForm';
import { usePageTitle } from '../lib/usePageTitle';

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('forgot.title'));
  const request = useResetRequest();
  const form = useForm('forgot', { email: '' });

  if (request.isSuccess) {
    return (
      <Panel title={t('forgot.sent')}>
        <p className="text-slate-600">
          {serverMessage(request.data.message, t('errors:detail.resetRequested'))}
        </p>
        <div className="flex gap-3">
          <Link to="/login" className={buttonClass()}>
            {t('backToLogin')}
          </Link>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => {
              form.set({ email: '' });
              request.reset();
            }}
          >
            {t('forgot.again')}
          </button>
        </div>
      </Panel>
    );
  }

  const { email } = form.values;
  const submit = form.submit(
    () => checked(emailProblem(email, t('forgot.emailEmpty')), { email }),
    (valid) =>
      request.mutate(ResetRequest.parse(valid), { onError: form.failed(t('forgot.failed')) }),
  );

  return (
    <Panel title={t('forgot.title')}>
      <p className="text-sm text-slate-600">{t('forgot.intro')}</p>
      <StackedForm onSubmit={submit}>
        <FormField {...form.field('email')} kind="email" label={t('email')} />
        <FormActions
          problem={form.problem}
          pending={request.isPending}
          label={t('forgot.submit')}
          pendingLabel={t('forgot.pending')}
        />
      </StackedForm>
      <Link to="/login" className="text-sm text-sky-700 hover:underline">
        {t('backToLogin')}
      </Link>
    </Panel>
  );
}
