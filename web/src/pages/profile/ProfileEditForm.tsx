import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { UpdateProfileRequest, type User } from '@capshelf/contract';
import { errorMessage, useUpdateProfile } from '../../api';
import { readToken } from '../../features/auth';
import { FormError } from '../../components/FormError';
import { FormField } from '../../components/FormField';
import { buttonClass } from '../../components/button';
import { emailProblem, firstIssue } from '../../lib/validation';

/** Edits username, display name and email; saved with PATCH /auth/me. */
export function ProfileEditForm({ user, onDone }: { user: User; onDone: () => void }) {
  const update = useUpdateProfile();
  const [username, setUsername] = useState(user.username);
  const [displayName, setDisplayName] = useState(user.display_name ?? '');
  const [email, setEmail] = useState(user.email);
  const [currentPassword, setCurrentPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // A new email needs the password (the server checks it): reset links go to that address.
  const emailChanged = email.trim().toLowerCase() !== user.email;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!readToken()) {
      setProblem('未找到认证令牌');
      return;
    }
    const invalidEmail = emailProblem(email, '邮箱地址不能为空');
    if (invalidEmail) {
      setProblem(invalidEmail);
      return;
    }
    if (emailChanged && !currentPassword) {
      setProblem('修改邮箱需要输入当前密码');
      return;
    }
    const parsed = UpdateProfileRequest.safeParse({
      username,
      display_name: displayName,
      email,
      ...(emailChanged ? { current_password: currentPassword } : {}),
    });
    if (!parsed.success) {
      setProblem(firstIssue(parsed.error));
      return;
    }
    setProblem(null);
    update.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('用户信息更新成功');
        onDone();
      },
      onError: (error) => setProblem(errorMessage(error, '用户信息更新失败，请重试')),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField
        id="profile-username"
        label="用户名"
        autoComplete="username"
        value={username}
        onChange={setUsername}
      />
      <FormField
        id="profile-display-name"
        label="显示名称"
        autoComplete="nickname"
        value={displayName}
        onChange={setDisplayName}
      />
      <FormField
        id="profile-email"
        label="邮箱"
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
      />
      {emailChanged && (
        <FormField
          id="profile-current-password"
          label="当前密码（修改邮箱需要）"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={setCurrentPassword}
        />
      )}
      <FormError message={problem} />
      <div className="flex gap-3">
        <button type="submit" className={buttonClass()} disabled={update.isPending}>
          {update.isPending ? '保存中...' : '保存'}
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={onDone}>
          取消
        </button>
      </div>
    </form>
  );
}
