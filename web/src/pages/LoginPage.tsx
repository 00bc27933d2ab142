import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorMessage, useLogin } from '../api';
import { useSession, type LoginRedirectState } from '../features/auth';
import { FormError } from '../components/FormError';
import { FormField } from '../components/FormField';
import { Panel } from '../components/Panel';
import { buttonClass } from '../components/button';
import { usePageTitle } from '../lib/usePageTitle';

export function LoginPage() {
  const { status, signIn, expired } = useSession();
  usePageTitle('登录');
  const navigate = useNavigate();
  const from = (useLocation().state as LoginRedirectState | null)?.from ?? '/';
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  // Right after this form signs in the page is leaving; don't flash the panel meanwhile.
  if (status === 'authenticated' && !login.isSuccess) {
    return (
      <Panel title="您已登录">
        <p className="text-slate-600">当前账号已登录，无需重复登录。</p>
        <button type="button" className={buttonClass()} onClick={() => navigate(from)}>
          返回首页
        </button>
      </Panel>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (trimmed === '' || password === '') {
      setProblem('邮箱和密码不能为空');
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
        onError: (error) => setProblem(errorMessage(error, '登录失败，请重试')),
      },
    );
  };

  return (
    <Panel title="登录">
      {expired && (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          登录已过期，请重新登录
        </p>
      )}
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormField
          id="login-email"
          label="邮箱"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
        />
        <FormField
          id="login-password"
          label="密码"
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
          {login.isPending ? '登录中...' : '登录'}
        </button>
      </form>
      <Link to="/forgot-password" className="text-sm text-sky-700 hover:underline">
        忘记密码？
      </Link>
      <p className="text-sm text-slate-500">
        本站不开放注册：账号由管理员创建。如需账号，请联系管理员。
      </p>
    </Panel>
  );
}
