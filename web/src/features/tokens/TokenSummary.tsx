import { useTranslation } from 'react-i18next';
import type { AccessToken } from '@capshelf/contract';
import { formatDate } from '../../lib/formatDate';

/** A token as its owner and the admin see it: name, permissions, made, expires, last used. */
export function TokenSummary({ token }: { token: AccessToken }) {
  const { t } = useTranslation('tokens');
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-0.5">
      <span className="font-medium break-words text-slate-900" data-user-content="">
        {token.name}
      </span>
      <span className="text-slate-600">
        {token.scopes.map((scope) => t(`scope.${scope}`)).join(' · ')}
      </span>
      <span className="text-xs text-slate-500">
        {t('createdAt', { date: formatDate(token.created_at) })}
        {' · '}
        {token.expires_at
          ? t('expires', { date: formatDate(token.expires_at) })
          : t('neverExpires')}
        {' · '}
        {token.last_used_at
          ? t('lastUsed', { date: formatDate(token.last_used_at) })
          : t('neverUsed')}
      </span>
    </div>
  );
}
