import { useState } from 'react';
import { errorMessage, useAdminUsers } from '../../api';
import { ErrorBox } from '../../components/ErrorBox';
import { Panel } from '../../components/Panel';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../lib/usePageTitle';
import { useSession } from '../auth';
import { AddUserForm } from './AddUserForm';
import { PasswordNotice, type ShownPassword } from './PasswordNotice';
import { UserRow } from './UserRow';

/** /admin/users: every account, with add, enable/disable, reset password and role (admins only). */
export function UsersPage() {
  usePageTitle('用户管理');
  const { user } = useSession();
  if (user?.role !== 'admin') {
    return (
      <Panel title="没有权限">
        <p className="text-slate-600">只有管理员可以管理用户。</p>
      </Panel>
    );
  }
  return <UsersAdmin currentUserId={user.id} />;
}

function UsersAdmin({ currentUserId }: { currentUserId: number }) {
  const users = useAdminUsers();
  // A generated password is shown once, here, until dismissed.
  const [shown, setShown] = useState<ShownPassword | null>(null);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-slate-900">用户管理</h1>
        <p className="text-sm text-slate-600">
          账号由管理员在这里创建（或用 <code>npm run users</code>{' '}
          命令）；禁用或重置密码会立即结束该用户的登录。
        </p>
      </div>
      <AddUserForm onCreated={setShown} />
      {shown && <PasswordNotice shown={shown} onDismiss={() => setShown(null)} />}
      {users.isError && (
        <ErrorBox message={errorMessage(users.error)} onRetry={() => void users.refetch()} />
      )}
      {users.isPending && <Spinner label="正在加载用户..." />}
      {users.data && (
        <ul aria-label="用户列表" className="flex flex-col gap-2">
          {users.data.users.map((account) => (
            <UserRow
              key={account.id}
              account={account}
              isSelf={account.id === currentUserId}
              onPasswordReset={setShown}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
