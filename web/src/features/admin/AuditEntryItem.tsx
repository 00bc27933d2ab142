import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@capshelf/contract';
import { formatDate } from '../../lib/formatDate';
import { roleLabel } from '../../pages/profile/labels';

const ROLES = new Set(['admin', 'user']);

/** A detail value as the reader takes it: a role by its name, anything else as it is. */
function shownValue(value: AuditEntry['detail'][string]): string {
  if (typeof value === 'string' && ROLES.has(value)) return roleLabel(value as 'admin' | 'user');
  return String(value);
}

/** One admin action: what, on what, who and when. */
export function AuditEntryItem({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin');
  const { detail } = entry;
  const particulars =
    entry.action === 'user.role'
      ? t('audit.roleChange', { from: shownValue(detail.from!), to: shownValue(detail.to!) })
      : entry.action === 'user.password_reset'
        ? detail.generated
          ? t('audit.passwordGenerated')
          : t('audit.passwordChosen')
        : Object.entries(detail)
            .map(([key, value]) => `${key}: ${shownValue(value)}`)
            .join(' · ');
  const actor = entry.actor ? entry.actor.email : t(`audit.source.${entry.source}`);

  return (
    <li
      data-audit-action={entry.action}
      className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3 sm:flex-row sm:items-baseline sm:gap-4"
    >
      <time dateTime={entry.at} className="shrink-0 text-xs text-slate-500 sm:w-44">
        {formatDate(entry.at)}
      </time>
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="text-sm text-slate-900">
          <span className="font-medium">{t(`audit.action.${entry.action}`)}</span>
          {' · '}
          <span className="break-all" data-user-content>
            {entry.target}
          </span>
        </span>
        {particulars && <span className="text-xs text-slate-600">{particulars}</span>}
      </div>
      <span
        className="min-w-0 shrink-0 truncate text-xs text-slate-600 sm:max-w-56"
        data-user-content
      >
        {t('audit.by', { actor })}
      </span>
    </li>
  );
}
