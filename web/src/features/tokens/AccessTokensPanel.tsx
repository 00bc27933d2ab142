import { useState } from 'react';
import { Copy, Trash2 } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { AccessToken, CreatedToken } from '@capshelf/contract';
import { errorMessage, useAccessTokens, useRevokeAccessToken } from '../../api';
import { CreateTokenForm } from './CreateTokenForm';
import { TokenSummary } from './TokenSummary';

/** The profile's 访问令牌: the account's tokens for scripts, a new one shown once, revocation. */
export function AccessTokensPanel() {
  const { t } = useTranslation('tokens');
  const tokens = useAccessTokens();
  const [created, setCreated] = useState<CreatedToken | null>(null);
  return (
    <section
      aria-labelledby="tokens-heading"
      className="mx-auto flex w-full max-w-md flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="tokens-heading" className="text-lg font-semibold text-slate-900">
        {t('title')}
      </h2>
      <p className="text-sm text-slate-600">{t('intro')}</p>
      {created && <NewToken token={created.token} />}
      {tokens.data?.tokens.length === 0 && <p className="text-sm text-slate-500">{t('empty')}</p>}
      <ul className="flex flex-col divide-y divide-slate-100">
        {tokens.data?.tokens.map((token) => (
          <TokenRow key={token.id} token={token} />
        ))}
      </ul>
      <CreateTokenForm onCreated={setCreated} />
    </section>
  );
}

function NewToken({ token }: { token: string }) {
  const { t } = useTranslation('tokens');
  const copy = () =>
    navigator.clipboard.writeText(token).then(
      () => toast.success(t('copied')),
      () => undefined,
    );
  return (
    <div className="flex flex-col gap-2 rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
      <p>{t('created')}</p>
      <div className="flex items-center gap-2">
        <code data-testid="new-token" className="min-w-0 flex-1 break-all">
          {token}
        </code>
        <button
          type="button"
          onClick={() => void copy()}
          aria-label={t('copy')}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded hover:bg-emerald-100"
        >
          <Copy aria-hidden className="size-4" />
        </button>
      </div>
    </div>
  );
}

function TokenRow({ token }: { token: AccessToken }) {
  const { t } = useTranslation('tokens');
  const revoke = useRevokeAccessToken();
  const remove = () =>
    revoke
      .mutateAsync(token.id)
      .catch((error: unknown) => toast.error(errorMessage(error, t('failed'))));
  return (
    <li className="flex items-start gap-2 py-2 text-sm">
      <TokenSummary token={token} />
      <button
        type="button"
        onClick={() => void remove()}
        disabled={revoke.isPending}
        aria-label={t('revokeNamed', { name: token.name })}
        title={t('revoke')}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded text-slate-500 hover:bg-red-50 hover:text-red-600"
      >
        <Trash2 aria-hidden className="size-4" />
      </button>
    </li>
  );
}
