import { useTranslation } from 'react-i18next';
import { History, X } from 'lucide-react';
import { RECENT_SEARCHES_SHOWN } from '@capshelf/contract';
import { useClearRecentSearches, useRecentSearches } from '../../api';

/** The account's 8 newest searches; a click runs that search again, 清除 forgets them all. */
export function RecentSearches({ onSearch }: { onSearch: (query: string) => void }) {
  const { t } = useTranslation('search');
  const recent = useRecentSearches();
  const clear = useClearRecentSearches();
  const entries = recent.data?.searches.slice(0, RECENT_SEARCHES_SHOWN) ?? [];
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
      <button
        type="button"
        onClick={() => clear.mutate()}
        disabled={clear.isPending}
        className="flex items-center gap-1 rounded-full px-2 py-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
      >
        <X aria-hidden className="size-4" />
        {t('recent.clear')}
      </button>
    </section>
  );
}
