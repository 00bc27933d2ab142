import { useTranslation } from 'react-i18next';
import type { SearchResponse } from '@capshelf/contract';
import { ResultCard } from './ResultCard';
import { RefreshButton } from '../../components/RefreshButton';

interface SearchResultsProps {
  data: SearchResponse;
  searchTerm: string;
  refreshing: boolean;
  onRefresh: () => void;
}

export function SearchResults({ data, searchTerm, refreshing, onRefresh }: SearchResultsProps) {
  const { t } = useTranslation('search');
  return (
    <section aria-label={t('results.label')} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-600">{t('results.total', { count: data.total })}</p>
        {data.cached && (
          <span className="rounded bg-slate-200 px-2 py-0.5 text-xs text-slate-700">
            {t('results.cached')}
          </span>
        )}
        <RefreshButton
          className="ml-auto"
          label={t('results.refresh')}
          onRefresh={onRefresh}
          busy={refreshing}
          title={t('results.refreshHint')}
        />
      </div>
      {data.results.length === 0 ? (
        <p className="py-12 text-center text-slate-500">{t('results.none')}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {data.results.map((result) => (
            <ResultCard key={result.url} result={result} searchTerm={searchTerm} />
          ))}
        </ul>
      )}
    </section>
  );
}
