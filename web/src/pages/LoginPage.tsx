import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLogin } from '../api';
import { LoginLanguageSwitch } from '../features/settings/LanguageChoice';
import { useSession, type LoginRedirectState } from '../features/auth';
import { FormActions, StackedForm } from '../components/FormActions';
import { FormField } from '../components/FormField';
import { Panel } from '../components/Panel';
import { buttonClass } from '../components/button';
import { useForm } from '../components/useForm';
import { checked } from '../lib/validation';
import { usePageTitle } from '../lib/usePageTitle';

export function LoginPage() {
  const { status, signIn, expired } = useSession();
  const { t } = useTranslation('auth');
  usePageTitle(t('login.title'));
  const navigate = useNavigate();
  const redirected = (useLocation().state as LoginRedirectState | null)?.from;
  const from = redirected ?? '/';
  const login = useLogin();
  const form = useForm('login', { email: '', password: '' });
  const { email, password } = form.values;

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

  const submit = form.submit(
    () => {
      const trimmed = email.trim();
      const empty = trimmed === '' || password === '';
      return checked(empty ? t('validation:credentialsEmpty') : null, { email: trimmed, password });
    },
    (credentials) =>
      login.mutate(credentials, {
        onSuccess: (answer) => {
          signIn(answer);
          navigate(from, { replace: true });
        },
        onError: form.failed(t('login.failed')),
      }),
  );

  return (
    <Panel title={t('login.title')}>
      <LoginLanguageSwitch />
      {expired && (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('login.expired')}
        </p>
      )}
      {/* Sent here on the way to a page (开始搜索, an /open link): signing in comes first. */}
      {redirected && !expired && <p className="text-sm text-slate-600">{t('login.first')}</p>}
      <StackedForm onSubmit={submit}>
        <FormField {...form.field('email')} kind="email" label={t('email')} />
        <FormField {...form.field('password')} kind="current-password" label={t('password')} />
        <FormActions
          problem={form.problem}
          pending={login.isPending}
          disabled={email === '' || password === ''}
          label={t('login.submit')}
          pendingLabel={t('login.pending')}
        />
      </StackedForm>
      <Link to="/forgot-password" className="text-sm text-sky-700 hover:underline">
        {t('login.forgot')}
      </Link>
      <p className="text-sm text-slate-500">{t('login.noSignUp')}</p>
    </Panel>
  );
}
