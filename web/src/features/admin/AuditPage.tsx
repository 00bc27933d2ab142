import { useTranslation } from 'react-i18next';
import { errorMessage, useAuditLog } from '../../api';
import { ErrorBox } from '../../components/ErrorBox';
import { Spinner } from '../../components/Spinner';
import { buttonClass } from '../../components/button';
import { usePageTitle } from '../../lib/usePageTitle';
import { AdminOnly } from './AdminOnly';
import { AuditEntryItem } from './AuditEntryItem';

/** /admin/audit: the admin actions (accounts, the source site's clearance, the cache), newest first. */
export function AuditPage() {
  const { t } = useTranslation('admin');
  usePageTitle(t('audit.title'));
  return <AdminOnly refusal={t('audit.forbidden')}>{() => <AuditLogList />}</AdminOnly>;
}

function AuditLogList() {
  const { t } = useTranslation('admin');
  const log = useAuditLog();
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-slate-900">{t('audit.title')}</h1>
        <p className="text-sm text-slate-600">{t('audit.intro')}</p>
      </div>
      {log.isError && (
        <ErrorBox message={errorMessage(log.error)} onRetry={() => void log.refetch()} />
      )}
      {log.isPending && <Spinner label={t('audit.loading')} />}
      {log.data && entries.length === 0 && (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">
          {t('audit.empty')}
        </p>
      )}
      {entries.length > 0 && (
        <ul aria-label={t('audit.list')} className="flex flex-col gap-2">
          {entries.map((entry) => (
            <AuditEntryItem key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      {log.hasNextPage && (
        <button
          type="button"
          className={`${buttonClass('secondary')} self-center`}
          onClick={() => void log.fetchNextPage()}
          disabled={log.isFetchingNextPage}
        >
          {log.isFetchingNextPage ? t('audit.loadingMore') : t('audit.more')}
        </button>
      )}
    </div>
  );
}
