import { useTranslation } from 'react-i18next';
import { History } from 'lucide-react';
import type { HistoryEntry } from './history';

/** The 8 newest searches; a click runs that search again. */
export function RecentSearches({
  entries,
  onSearch,
}: {
  entries: readonly HistoryEntry[];
  onSearch: (query: string) => void;
}) {
  const { t } = useTranslation('search');
  if (entries.length === 0) return null;
  return (
    <section aria-label={t('recent.label')} className="flex flex-wrap items-center gap-2 text-sm">
      <span className="flex items-center gap-1 text-slate-500">
        <History aria-hidden className="size-4" />
        {t('recent.prefix')}
      </span>
      {entries.map((entry) => (
        <button
          key={entry.query}
          type="button"
          onClick={() => onSearch(entry.query)}
          title={t('resultCount', { count: entry.results_count })}
          className="rounded-full border border-slate-300 bg-white px-3 py-1 text-slate-700 hover:bg-slate-50"
        >
          <span data-user-content>{entry.query}</span>
        </button>
      ))}
    </section>
  );
}
