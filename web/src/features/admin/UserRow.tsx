import { useState } from 'react';
import toast from 'react-hot-toast';
import type { AdminUser, Role } from '@capshelf/contract';
import { errorMessage, useResetUserPassword, useUpdateUser } from '../../api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SelectField } from '../../components/SelectField';
import { buttonClass } from '../../components/button';
import { formatDate } from '../../lib/formatDate';
import { roleLabel } from '../../pages/profile/labels';
import type { ShownPassword } from './PasswordNotice';
import { roleOptions } from './roles';

type Pending = 'disable' | 'reset' | null;

/** One account with its actions; disabling and resetting ask first. */
export function UserRow(props: {
  account: AdminUser;
  isSelf: boolean;
  onPasswordReset: (shown: ShownPassword) => void;
}) {
  const { account, isSelf } = props;
  const update = useUpdateUser();
  const reset = useResetUserPassword();
  const [asking, setAsking] = useState<Pending>(null);
  const disabled = account.status === 'disabled';
  const fail = (error: unknown) => toast.error(errorMessage(error, '操作失败'));

  const setRole = (role: Role) =>
    update.mutate(
      { id: account.id, role },
      {
        onSuccess: () => toast.success(`${account.email} 现在是${roleLabel(role)}`),
        onError: fail,
      },
    );
  const setStatus = (status: AdminUser['status']) =>
    update.mutate(
      { id: account.id, status },
      {
        onSuccess: () => toast.success(status === 'disabled' ? '已禁用该用户' : '已启用该用户'),
        onError: fail,
        onSettled: () => setAsking(null),
      },
    );
  const resetPassword = () =>
    reset.mutate(
      { id: account.id },
      {
        onSuccess: ({ generated_password }) =>
          generated_password &&
          props.onPasswordReset({
            email: account.email,
            password: generated_password,
            action: 'reset',
          }),
        onError: fail,
        onSettled: () => setAsking(null),
      },
    );

  return (
    <li
      data-user-email={account.email}
      className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3"
    >
      <div className="flex min-w-0 flex-1 basis-56 flex-col">
        <span className="truncate font-medium text-slate-900">
          {account.email}
          {isSelf && <span className="ml-2 text-xs text-slate-500">（我）</span>}
        </span>
        <span className="truncate text-xs text-slate-500">
          {account.display_name || account.username} · 创建于 {formatDate(account.created_at)}
        </span>
      </div>
      <span
        className={`rounded px-2 py-0.5 text-xs ${
          disabled ? 'bg-red-100 text-red-700' : 'bg-green-100 text-green-800'
        }`}
      >
        {disabled ? '已禁用' : '正常'}
      </span>
      <SelectField
        id={`role-${account.id}`}
        label="角色"
        value={account.role}
        options={roleOptions}
        onChange={setRole}
      />
      <div className="flex gap-2">
        {disabled ? (
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => setStatus('active')}
            disabled={update.isPending}
          >
            启用
          </button>
        ) : (
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => setAsking('disable')}
            disabled={update.isPending}
          >
            禁用
          </button>
        )}
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => setAsking('reset')}
        >
          重置密码
        </button>
      </div>
      <ConfirmDialog
        open={asking === 'disable'}
        onOpenChange={(open) => !open && setAsking(null)}
        title="禁用用户"
        description={`禁用后 ${account.email} 将无法登录，当前的登录也会立即失效。之后可以再次启用。`}
        confirmLabel="禁用"
        danger
        pending={update.isPending}
        onConfirm={() => setStatus('disabled')}
      />
      <ConfirmDialog
        open={asking === 'reset'}
        onOpenChange={(open) => !open && setAsking(null)}
        title="重置密码"
        description={`将为 ${account.email} 生成一个新密码，旧密码立即失效，该用户的所有登录都会结束。`}
        confirmLabel="重置密码"
        danger
        pending={reset.isPending}
        onConfirm={resetPassword}
      />
    </li>
  );
}
