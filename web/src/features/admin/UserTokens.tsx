import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { AccessToken, AdminUser } from '@capshelf/contract';
import { errorMessage, useRevokeUserToken, useUserTokens } from '../../api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorBox } from '../../components/ErrorBox';
import { buttonClass } from '../../components/button';
import { TokenSummary } from '../tokens/TokenSummary';

/** One user's access tokens, read when the admin opens them; each can be revoked (asked first). */
export function UserTokens({ account, id }: { account: AdminUser; id: string }) {
  const { t } = useTranslation('admin');
  const tokens = useUserTokens(account.id);
  return (
    <section
      id={id}
      aria-label={t('row.tokensOf', { email: account.email })}
      className="flex basis-full flex-col gap-2 border-t border-slate-100 pt-3 text-sm"
    >
      {tokens.isPending && (
        <p role="status" className="text-slate-500">
          {t('row.tokensLoading')}
        </p>
      )}
      {tokens.isError && (
        <ErrorBox message={errorMessage(tokens.error)} onRetry={() => void tokens.refetch()} />
      )}
      {tokens.data?.tokens.length === 0 && <p className="text-slate-500">{t('row.tokensEmpty')}</p>}
      {!!tokens.data?.tokens.length && (
        <ul className="flex flex-col divide-y divide-slate-100">
          {tokens.data.tokens.map((token) => (
            <UserToken key={token.id} account={account} token={token} />
          ))}
        </ul>
      )}
    </section>
  );
}

function UserToken({ account, token }: { account: AdminUser; token: AccessToken }) {
  const { t } = useTranslation('admin');
  const revoke = useRevokeUserToken(account.id);
  const [asking, setAsking] = useState(false);
  const revokeToken = () =>
    revoke.mutate(token.id, {
      onSuccess: () => toast.success(t('row.tokenRevoked', { name: token.name })),
      onError: (error) => toast.error(errorMessage(error, t('common:actionFailed'))),
      onSettled: () => setAsking(false),
    });

  return (
    <li className="flex items-start gap-3 py-2">
      <TokenSummary token={token} />
      <button
        type="button"
        className={`${buttonClass('secondary')} min-h-10 shrink-0`}
        aria-label={t('row.revokeTokenNamed', { name: token.name })}
        onClick={() => setAsking(true)}
      >
        {t('row.revokeToken')}
      </button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('row.revokeTokenTitle')}
        description={t('row.revokeTokenBody', { email: account.email, name: token.name })}
        confirmLabel={t('row.revokeToken')}
        danger
        pending={revoke.isPending}
        onConfirm={revokeToken}
      />
    </li>
  );
}
