import { useTranslation } from 'react-i18next';
import type { SearchResponse, TitleMatch } from '@capshelf/contract';
import { ResultCard } from './ResultCard';
import { RefreshButton } from '../../components/RefreshButton';

interface SearchResultsProps {
  data: SearchResponse;
  searchTerm: string;
  refreshing: boolean;
  onRefresh: () => void;
  /** Searches another text (a name the server tried for a Chinese query). */
  onSearch: (query: string) => void;
}

export function SearchResults(props: SearchResultsProps) {
  const { data, searchTerm, refreshing, onRefresh, onSearch } = props;
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
        data.title_matches ? (
          <NamesTried matches={data.title_matches} query={searchTerm} onSearch={onSearch} />
        ) : (
          <p className="py-12 text-center text-slate-500">{t('results.none')}</p>
        )
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

/**
 * Nothing found for a Chinese or Japanese name: the works of the title table it named and the
 * English and romaji names tried for them, each a search of its own; or that the table knows none.
 */
function NamesTried({
  matches,
  query,
  onSearch,
}: {
  matches: TitleMatch[];
  query: string;
  onSearch: (query: string) => void;
}) {
  const { t } = useTranslation('search');
  if (matches.length === 0) {
    return <p className="py-12 text-center text-slate-500">{t('byName.unknown', { query })}</p>;
  }
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <p className="text-slate-700">{t('byName.notOnSource')}</p>
      <ul className="flex flex-col gap-3">
        {matches.map((match) => (
          <li key={`${match.chinese_name}:${match.original_title}`} className="flex flex-col gap-1">
            <span className="font-medium text-slate-900">
              <span data-user-content>{match.chinese_name}</span>
              <span className="ml-2 text-xs font-normal text-slate-500">
                <span data-user-content lang="ja">
                  {match.original_title}
                </span>
                {match.year !== null && ` · ${match.year}`}
              </span>
            </span>
            {match.queries.length === 0 ? (
              <span className="text-slate-500">{t('byName.noNames')}</span>
            ) : (
              <>
                <NameButtons label={t('byName.tried')} names={match.tried} onSearch={onSearch} />
                <NameButtons
                  label={t('byName.untried')}
                  names={match.queries.filter((name) => !match.tried.includes(name))}
                  onSearch={onSearch}
                />
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Names to search for, each a button; nothing when there are none. */
function NameButtons({
  label,
  names,
  onSearch,
}: {
  label: string;
  names: string[];
  onSearch: (query: string) => void;
}) {
  if (names.length === 0) return null;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="text-slate-500">{label}</span>
      {names.map((name) => (
        <button
          key={name}
          type="button"
          className="rounded border border-sky-200 px-2 py-0.5 text-sky-800 hover:bg-sky-50"
          onClick={() => onSearch(name)}
        >
          <span data-user-content>{name}</span>
        </button>
      ))}
    </span>
  );
}
