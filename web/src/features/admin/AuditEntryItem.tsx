import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@capshelf/contract';
import { formatDate } from '../../lib/formatDate';
import { AuditSentence } from './AuditSentence';

/** One admin action: what it did (a sentence), who and when. */
export function AuditEntryItem({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin');
  const actor = entry.actor ? entry.actor.email : t(`audit.source.${entry.source}`);

  return (
    <li
      data-audit-action={entry.action}
      className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3 sm:flex-row sm:items-baseline sm:gap-4"
    >
      <time dateTime={entry.at} className="shrink-0 text-xs text-slate-500 sm:w-44">
        {formatDate(entry.at)}
      </time>
      <span className="min-w-0 flex-1 text-sm text-slate-900">
        <AuditSentence entry={entry} />
      </span>
      <span
        className="min-w-0 shrink-0 truncate text-xs text-slate-600 sm:max-w-56"
        data-user-content
      >
        {t('audit.by', { actor })}
      </span>
    </li>
  );
}
