import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SearchResponse, TitleMatch } from '@capshelf/contract';
import { ResultCard } from './ResultCard';
import { RefreshButton } from '../../components/RefreshButton';

interface SearchResultsProps {
  data: SearchResponse;
  searchTerm: string;
  refreshing: boolean;
  onRefresh: () => void;
}

export function SearchResults(props: SearchResultsProps) {
  const { data, searchTerm, refreshing, onRefresh } = props;
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
          <NamesTried matches={data.title_matches} query={searchTerm} />
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
 * English and romaji names tried for them, each a link to its search; or that the table knows none.
 */
function NamesTried({ matches, query }: { matches: TitleMatch[]; query: string }) {
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
                <NameLinks label={t('byName.tried')} names={match.tried} />
                <NameLinks
                  label={t('byName.untried')}
                  names={match.queries.filter((name) => !match.tried.includes(name))}
                />
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Names to search for, each a link to its search (a new tab opens it too); nothing when none. */
function NameLinks({ label, names }: { label: string; names: string[] }) {
  if (names.length === 0) return null;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="text-slate-500">{label}</span>
      {names.map((name) => (
        <Link
          key={name}
          to={`/search?${new URLSearchParams({ q: name })}`}
          className="rounded border border-sky-200 px-2 py-0.5 text-sky-800 hover:bg-sky-50"
        >
          <span data-user-content>{name}</span>
        </Link>
      ))}
    </span>
  );
}
