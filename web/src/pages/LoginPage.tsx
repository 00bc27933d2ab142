import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage, useLogin } from '../api';
import { LoginLanguageSwitch } from '../features/settings/LanguageChoice';
import { useSession, type LoginRedirectState } from '../features/auth';
import { FormError } from '../components/FormError';
import { FormField } from '../components/FormField';
import { Panel } from '../components/Panel';
import { buttonClass } from '../components/button';
import { usePageTitle } from '../lib/usePageTitle';

export function LoginPage() {
  const { status, signIn, expired } = useSession();
  const { t } = useTranslation('auth');
  usePageTitle(t('login.title'));
  const navigate = useNavigate();
  const from = (useLocation().state as LoginRedirectState | null)?.from ?? '/';
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  // Right after this form signs in the page is leaving; don't flash the panel meanwhile.
  if (status === 'authenticated' && !login.isSuccess) {
    return (
      <Panel title={t('login.already.title')}>
        <p className="text-slate-600">{t('login.already.body')}</p>
        <button type="button" className={buttonClass()} onClick={() => navigate(from)}>
          {t('common:notFound.home')}
        </button>
      </Panel>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (trimmed === '' || password === '') {
      setProblem(t('validation:credentialsEmpty'));
      return;
    }
    setProblem(null);
    login.mutate(
      { email: trimmed, password },
      {
        onSuccess: (answer) => {
          signIn(answer);
          navigate(from, { replace: true });
        },
        onError: (error) => setProblem(errorMessage(error, t('login.failed'))),
      },
    );
  };

  return (
    <Panel title={t('login.title')}>
      <LoginLanguageSwitch />
      {expired && (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('login.expired')}
        </p>
      )}
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormField
          id="login-email"
          label={t('email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
        />
        <FormField
          id="login-password"
          label={t('password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />
        <FormError message={problem} />
        <button
          type="submit"
          className={buttonClass()}
          disabled={email === '' || password === '' || login.isPending}
        >
          {login.isPending ? t('login.pending') : t('login.submit')}
        </button>
      </form>
      <Link to="/forgot-password" className="text-sm text-sky-700 hover:underline">
        {t('login.forgot')}
      </Link>
      <p className="text-sm text-slate-500">{t('login.noSignUp')}</p>
    </Panel>
  );
}
