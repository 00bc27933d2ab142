import { useState } from 'react';
import { ChevronDown } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { AdminUser, Role, UserStorageList } from '@capshelf/contract';
import { errorMessage, useResetUserPassword, useUpdateUser } from '../../api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SelectField } from '../../components/SelectField';
import { buttonClass } from '../../components/button';
import { formatDate } from '../../lib/formatDate';
import { formatBytes } from '../downloads/size';
import { roleLabel } from '../../pages/profile/labels';
import type { ShownPassword } from './PasswordNotice';
import { roleOptions } from './roles';
import { UserTokens } from './UserTokens';

type Pending = 'disable' | 'reset' | null;

/** The row's buttons, tall enough for a finger. */
const rowButtonClass = `${buttonClass('secondary')} min-h-10`;

/** One account with its actions; disabling and resetting ask first; its tokens fold out. */
export function UserRow(props: {
  account: AdminUser;
  isSelf: boolean;
  /** What the server keeps for them (kept ZIPs, library folder); absent until read. */
  storage?: UserStorageList['users'][number];
  onPasswordReset: (shown: ShownPassword) => void;
}) {
  const { account, isSelf } = props;
  const { t } = useTranslation('admin');
  const update = useUpdateUser();
  const reset = useResetUserPassword();
  const [asking, setAsking] = useState<Pending>(null);
  const [showTokens, setShowTokens] = useState(false);
  /** The admin's own password, which a reset asks for; never kept past the dialog. */
  const [ownPassword, setOwnPassword] = useState('');
  const tokensId = `user-tokens-${account.id}`;
  const disabled = account.status === 'disabled';
  const fail = (error: unknown) => toast.error(errorMessage(error, t('common:actionFailed')));

  const setRole = (role: Role) =>
    update.mutate(
      { id: account.id, role },
      {
        onSuccess: () =>
          toast.success(t('row.roleSet', { email: account.email, role: roleLabel(role) })),
        onError: fail,
      },
    );
  const setStatus = (status: AdminUser['status']) =>
    update.mutate(
      { id: account.id, status },
      {
        onSuccess: () =>
          toast.success(status === 'disabled' ? t('row.disabledDone') : t('row.enabledDone')),
        onError: fail,
        onSettled: () => setAsking(null),
      },
    );
  const resetPassword = () =>
    reset.mutate(
      { id: account.id, current_password: ownPassword },
      {
        onSuccess: ({ generated_password }) =>
          generated_password &&
          props.onPasswordReset({
            email: account.email,
            password: generated_password,
            action: 'reset',
          }),
        onError: fail,
        onSettled: () => {
          setAsking(null);
          setOwnPassword('');
        },
      },
    );

  return (
    <li
      data-user-email={account.email}
      className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3"
    >
      <div className="flex min-w-0 flex-1 basis-56 flex-col">
        <span className="truncate font-medium text-slate-900" data-user-content>
          {account.email}
          {isSelf && <span className="ml-2 text-xs text-slate-500">{t('row.me')}</span>}
        </span>
        <span className="truncate text-xs text-slate-500">
          <span data-user-content>{account.display_name || account.username}</span> ·{' '}
          {t('row.createdAt', { date: formatDate(account.created_at) })}
        </span>
        {props.storage && <StorageLine storage={props.storage} />}
      </div>
      <span
        className={`rounded px-2 py-0.5 text-xs ${
          disabled ? 'bg-red-100 text-red-700' : 'bg-green-100 text-green-800'
        }`}
      >
        {disabled ? t('row.disabled') : t('row.active')}
      </span>
      <SelectField
        id={`role-${account.id}`}
        label={t('profile:field.role')}
        value={account.role}
        options={roleOptions()}
        onChange={setRole}
        disabled={isSelf}
        title={isSelf ? t('row.notYourself') : undefined}
      />
      <div className="flex flex-wrap gap-2">
        {disabled ? (
          <button
            type="button"
            className={rowButtonClass}
            onClick={() => setStatus('active')}
            disabled={update.isPending}
          >
            {t('row.enable')}
          </button>
        ) : (
          <button
            type="button"
            className={rowButtonClass}
            onClick={() => setAsking('disable')}
            // No admin locks themselves out (the server refuses it too); another admin can.
            disabled={update.isPending || isSelf}
            title={isSelf ? t('row.notYourself') : undefined}
          >
            {t('row.disable')}
          </button>
        )}
        <button type="button" className={rowButtonClass} onClick={() => setAsking('reset')}>
          {t('row.resetPassword')}
        </button>
        <button
          type="button"
          className={rowButtonClass}
          aria-expanded={showTokens}
          aria-controls={showTokens ? tokensId : undefined}
          onClick={() => setShowTokens((shown) => !shown)}
        >
          {t('row.tokens')}
          <ChevronDown
            aria-hidden
            className={`size-4 transition-transform ${showTokens ? 'rotate-180' : ''}`}
          />
        </button>
      </div>
      {showTokens && <UserTokens account={account} id={tokensId} />}
      <ConfirmDialog
        open={asking === 'disable'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={t('row.disableTitle')}
        description={t('row.disableBody', { email: account.email })}
        confirmLabel={t('row.disable')}
        danger
        pending={update.isPending}
        onConfirm={() => setStatus('disabled')}
      />
      <ConfirmDialog
        open={asking === 'reset'}
        onOpenChange={(open) => {
          if (open) return;
          setAsking(null);
          setOwnPassword('');
        }}
        title={t('row.resetPassword')}
        description={
          <>
            {t('row.resetBody', { email: account.email })}
            <label className="mt-3 flex flex-col gap-1 text-slate-700">
              {t('row.yourPassword')}
              <input
                type="password"
                autoComplete="current-password"
                required
                value={ownPassword}
                onChange={(event) => setOwnPassword(event.target.value)}
                className="min-h-10 rounded-md border border-slate-300 px-3 py-2 text-slate-900"
              />
            </label>
          </>
        }
        confirmLabel={t('row.resetPassword')}
        danger
        pending={reset.isPending}
        confirmDisabled={ownPassword === ''}
        onConfirm={resetPassword}
      />
    </li>
  );
}

/** 已保存: the user's kept ZIPs and library folder, against the one quota every user has. */
function StorageLine({ storage }: { storage: UserStorageList['users'][number] }) {
  const { t, i18n } = useTranslation('admin');
  const lng = i18n.language;
  return (
    <span className="text-xs text-slate-500">
      {t('row.storage', {
        count: storage.kept_count,
        size: formatBytes(storage.kept_bytes, lng),
        library: formatBytes(storage.library_bytes, lng),
      })}
    </span>
  );
}
