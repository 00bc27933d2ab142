import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { errorMessage, useAdminUsers, useUserStorage } from '../../api';
import { ErrorBox } from '../../components/ErrorBox';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../lib/usePageTitle';
import { AddUserForm } from './AddUserForm';
import { AdminOnly } from './AdminOnly';
import { PasswordNotice, type ShownPassword } from './PasswordNotice';
import { UserRow } from './UserRow';

/** /admin/users: every account, with add, enable/disable, reset password and role (admins only). */
export function UsersPage() {
  const { t } = useTranslation('admin');
  usePageTitle(t('title'));
  return (
    <AdminOnly refusal={t('forbidden.body')}>
      {(admin) => <UsersAdmin currentUserId={admin.id} />}
    </AdminOnly>
  );
}

function UsersAdmin({ currentUserId }: { currentUserId: number }) {
  const { t } = useTranslation('admin');
  const users = useAdminUsers();
  const storage = useUserStorage().data;
  // A generated password is shown once, here, until dismissed.
  const [shown, setShown] = useState<ShownPassword | null>(null);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
        <p className="text-sm text-slate-600">
          <Trans t={t} i18nKey="intro" components={{ code: <code /> }} />
        </p>
      </div>
      <AddUserForm onCreated={setShown} />
      {shown && <PasswordNotice shown={shown} onDismiss={() => setShown(null)} />}
      {users.isError && (
        <ErrorBox message={errorMessage(users.error)} onRetry={() => void users.refetch()} />
      )}
      {users.isPending && <Spinner label={t('loading')} />}
      {users.data && (
        <ul aria-label={t('list')} className="flex flex-col gap-2">
          {users.data.users.map((account) => (
            <UserRow
              key={account.id}
              account={account}
              isSelf={account.id === currentUserId}
              storage={storage?.users.find((u) => u.user_id === account.id)}
              onPasswordReset={setShown}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
