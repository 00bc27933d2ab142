import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ResetRequest } from '@capshelf/contract';
import { errorMessage, useResetRequest } from '../api';
import { emailProblem } from '../lib/validation';
import { FormError } from '../components/FormError';
import { FormField } from '../components/FormField';
import { Panel } from '../components/Panel';
import { buttonClass } from '../components/button';
import { usePageTitle } from '../lib/usePageTitle';

export function ForgotPasswordPage() {
  usePageTitle('忘记密码');
  const request = useResetRequest();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  if (request.isSuccess) {
    return (
      <Panel title="邮件已发送">
        <p className="text-slate-600">{request.data.message}</p>
        <div className="flex gap-3">
          <Link to="/login" className={buttonClass()}>
            返回登录
          </Link>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => {
              setEmail('');
              request.reset();
            }}
          >
            重新发送
          </button>
        </div>
      </Panel>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = emailProblem(email, '请输入邮箱地址');
    setProblem(invalid);
    if (invalid) return;
    request.mutate(ResetRequest.parse({ email }), {
      onError: (error) => setProblem(errorMessage(error, '发送重置邮件失败，请重试')),
    });
  };

  return (
    <Panel title="忘记密码">
      <p className="text-sm text-slate-600">输入注册邮箱，我们会发送一封包含重置链接的邮件。</p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormField
          id="forgot-email"
          label="邮箱"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
        />
        <FormError message={problem} />
        <button type="submit" className={buttonClass()} disabled={request.isPending}>
          {request.isPending ? '发送中...' : '发送重置邮件'}
        </button>
      </form>
      <Link to="/login" className="text-sm text-sky-700 hover:underline">
        返回登录
      </Link>
    </Panel>
  );
}
