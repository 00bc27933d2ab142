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
  if (entries.length === 0) return null;
  return (
    <section aria-label="最近搜索" className="flex flex-wrap items-center gap-2 text-sm">
      <span className="flex items-center gap-1 text-slate-500">
        <History aria-hidden className="size-4" />
        最近搜索：
      </span>
      {entries.map((entry) => (
        <button
          key={entry.query}
          type="button"
          onClick={() => onSearch(entry.query)}
          title={`${entry.results_count} 个结果`}
          className="rounded-full border border-slate-300 bg-white px-3 py-1 text-slate-700 hover:bg-slate-50"
        >
          {entry.query}
        </button>
      ))}
    </section>
  );
}
