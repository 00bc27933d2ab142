import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ResetRequest } from '@capshelf/contract';
import { useTranslation } from 'react-i18next';
import { errorMessage, serverMessage, useResetRequest } from '../api';
import { emailProblem } from '../lib/validation';
import { FormError } from '../components/FormError';
import { FormField } from '../components/FormField';
import { Panel } from '../components/Panel';
import { buttonClass } from '../components/button';
import { usePageTitle } from '../lib/usePageTitle';

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('forgot.title'));
  const request = useResetRequest();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

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
              setEmail('');
              request.reset();
            }}
          >
            {t('forgot.again')}
          </button>
        </div>
      </Panel>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = emailProblem(email, t('forgot.emailEmpty'));
    setProblem(invalid);
    if (invalid) return;
    request.mutate(ResetRequest.parse({ email }), {
      onError: (error) => setProblem(errorMessage(error, t('forgot.failed'))),
    });
  };

  return (
    <Panel title={t('forgot.title')}>
      <p className="text-sm text-slate-600">{t('forgot.intro')}</p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormField
          id="forgot-email"
          label={t('email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
        />
        <FormError message={problem} />
        <button type="submit" className={buttonClass()} disabled={request.isPending}>
          {request.isPending ? t('forgot.pending') : t('forgot.submit')}
        </button>
      </form>
      <Link to="/login" className="text-sm text-sky-700 hover:underline">
        {t('backToLogin')}
      </Link>
    </Panel>
  );
}
