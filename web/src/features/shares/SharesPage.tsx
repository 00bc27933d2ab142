import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { Share } from '@capshelf/contract';
import { errorMessage, useChangeShare, useRevokeShare, useShares } from '../../api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorBox } from '../../components/ErrorBox';
import { FormField } from '../../components/FormField';
import { RadioGroup } from '../../components/RadioGroup';
import { SelectField } from '../../components/SelectField';
import { Spinner } from '../../components/Spinner';
import { buttonClass } from '../../components/button';
import { formatDate } from '../../lib/formatDate';
import { usePageTitle } from '../../lib/usePageTitle';
import { useSession } from '../auth';
import { EXPIRIES, secondsOf, type Expiry } from './expiry';
import { shareTitle } from './title';

const stateClass: Record<Share['state'], string> = {
  active: 'bg-emerald-100 text-emerald-800',
  expired: 'bg-slate-200 text-slate-700',
  revoked: 'bg-red-100 text-red-800',
  used_up: 'bg-amber-100 text-amber-800',
};

/** /shares: the account's share links (an admin may see everyone's), changed and revoked here. */
export function SharesPage() {
  const { t } = useTranslation('shares');
  usePageTitle(t('list.title'));
  const isAdmin = useSession().user?.role === 'admin';
  const [scope, setScope] = useState<'mine' | 'all'>('mine');
  const shares = useShares(scope);
  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{t('list.title')}</h1>
        {isAdmin && (
          <RadioGroup
            name="share-scope"
            legend={t('list.scope')}
            legendHidden
            value={scope}
            options={[
              { value: 'mine', label: t('list.mine') },
              { value: 'all', label: t('list.all') },
            ]}
            onChange={setScope}
          />
        )}
      </div>
      <p className="text-sm text-slate-600">{t('list.intro')}</p>
      {shares.isError && (
        <ErrorBox
          message={errorMessage(shares.error, t('list.failed'))}
          onRetry={() => void shares.refetch()}
        />
      )}
      {shares.isPending && <Spinner />}
      {shares.data?.shares.length === 0 && (
        <p className="py-12 text-center text-slate-500">{t('list.empty')}</p>
      )}
      <ul className="flex flex-col gap-3">
        {shares.data?.shares.map((share) => (
          <ShareRow key={share.id} share={share} showOwner={scope === 'all'} />
        ))}
      </ul>
    </section>
  );
}

function ShareRow({ share, showOwner }: { share: Share; showOwner: boolean }) {
  const { t } = useTranslation('shares');
  const change = useChangeShare();
  const revoke = useRevokeShare();
  const [revoking, setRevoking] = useState(false);
  const [settingPassword, setSettingPassword] = useState(false);
  const title = shareTitle(t, { ...share, count: share.image_count });
  const active = share.state === 'active' || share.state === 'used_up';
  const fail = (error: unknown) => toast.error(errorMessage(error, t('list.changeFailed')));
  const changed = () => toast.success(t('list.changed'));
  return (
    <li
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      data-share-id={share.id}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span
          className="font-medium break-words text-slate-900"
          data-user-content={share.title ? '' : undefined}
        >
          {title}
        </span>
        <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${stateClass[share.state]}`}>
          {t(`state.${share.state}`)}
        </span>
      </div>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500">
        {showOwner && (
          <span data-user-content="">{t('list.owner', { name: share.owner.name })}</span>
        )}
        <span>{t('list.images', { count: share.image_count })}</span>
        <span>
          {share.max_views === null
            ? t('list.views', { count: share.views })
            : t('list.viewsOf', { count: share.views, max: share.max_views })}
        </span>
        <span>
          {share.expires_at
            ? t('list.until', { date: formatDate(share.expires_at) })
            : t('list.noExpiry')}
        </span>
        <span>{share.has_password ? t('list.password') : t('list.noPassword')}</span>
        <span>{t('list.created', { date: formatDate(share.created_at) })}</span>
      </p>
      {active && (
        <div className="flex flex-wrap items-center gap-3">
          <SelectField<Expiry | ''>
            id={`share-${share.id}-expiry`}
            label={t('list.extend')}
            value=""
            options={[
              { value: '', label: t('list.extendPick') },
              ...EXPIRIES.map((e) => ({ value: e.value, label: t(`expiry.${e.value}`) })),
            ]}
            onChange={(value) =>
              value &&
              change.mutate(
                { id: share.id, expires_in: secondsOf(value) },
                { onSuccess: changed, onError: fail },
              )
            }
          />
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={share.allow_download}
              onChange={(event) =>
                change.mutate(
                  { id: share.id, allow_download: event.target.checked },
                  { onSuccess: changed, onError: fail },
                )
              }
            />
            {t('create.download')}
          </label>
          <button
            type="button"
            className={buttonClass('secondary')}
            aria-expanded={settingPassword}
            onClick={() => setSettingPassword((open) => !open)}
          >
            {t(share.has_password ? 'list.changePassword' : 'list.setPassword')}
          </button>
          {share.has_password && (
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={() =>
                change.mutate(
                  { id: share.id, password: null },
                  { onSuccess: changed, onError: fail },
                )
              }
            >
              {t('list.removePassword')}
            </button>
          )}
          <button
            type="button"
            className={`${buttonClass('danger')} ml-auto`}
            onClick={() => setRevoking(true)}
          >
            {t('list.revoke')}
          </button>
        </div>
      )}
      {active && settingPassword && (
        <PasswordForm
          shareId={share.id}
          onDone={() => setSettingPassword(false)}
          onSaved={changed}
          onError={fail}
        />
      )}
      <ConfirmDialog
        open={revoking}
        onOpenChange={setRevoking}
        title={t('list.revokeTitle')}
        description={t('list.revokeBody', { title })}
        confirmLabel={t('list.revoke')}
        danger
        pending={revoke.isPending}
        onConfirm={() =>
          revoke.mutate(share.id, {
            onSuccess: () => {
              setRevoking(false);
              toast.success(t('list.revoked'));
            },
            onError: fail,
          })
        }
      />
    </li>
  );
}

/** A new password for a share (a changed one ends every visit the old one let in). */
function PasswordForm({
  shareId,
  onDone,
  onSaved,
  onError,
}: {
  shareId: number;
  onDone: () => void;
  onSaved: () => void;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation('shares');
  const change = useChangeShare();
  const [password, setPassword] = useState('');
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        change.mutate(
          { id: shareId, password },
          {
            onSuccess: () => {
              onSaved();
              onDone();
            },
            onError,
          },
        );
      }}
    >
      <FormField
        id={`share-${shareId}-password`}
        label={t('list.newPassword')}
        kind="new-password"
        value={password}
        onChange={setPassword}
        minLength={4}
        maxLength={200}
        required
        title={t('create.passwordHint')}
      />
      <button
        type="submit"
        className={buttonClass()}
        disabled={change.isPending || password.length < 4}
      >
        {t('list.savePassword')}
      </button>
      <button type="button" className={buttonClass('secondary')} onClick={onDone}>
        {t('list.cancel')}
      </button>
    </form>
  );
}
