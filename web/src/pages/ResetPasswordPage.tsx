import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError, errorMessage, useResetConfirm } from '../api';
import { FormError } from '../components/FormError';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { Panel } from '../components/Panel';
import { buttonClass } from '../components/button';
import { newPasswordProblem } from '../lib/validation';
import { usePageTitle } from '../lib/usePageTitle';

const EXPIRED_MESSAGE = '重置令牌已过期或无效，请重新申请密码重置';

export function ResetPasswordPage() {
  usePageTitle('重置密码');
  const token = useSearchParams()[0].get('token');
  if (!token) {
    return (
      <Panel title="链接无效">
        <FormError message="重置令牌无效" />
        <Link to="/forgot-password" className={buttonClass()}>
          重新申请密码重置
        </Link>
      </Panel>
    );
  }
  return <ResetPasswordForm token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const confirm = useResetConfirm();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  if (confirm.isSuccess) {
    return (
      <Panel title="密码重置成功">
        <p className="text-slate-600">您的密码已更新，请使用新密码登录。</p>
        <Link to="/login" className={buttonClass()}>
          前往登录
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
              ? EXPIRED_MESSAGE
              : errorMessage(error, '密码重置失败，请重试'),
          ),
      },
    );
  };

  return (
    <Panel title="重置密码">
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
          {confirm.isPending ? '重置中...' : '重置密码'}
        </button>
      </form>
    </Panel>
  );
}
