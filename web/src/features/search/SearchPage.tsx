import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ContentType } from '@capshelf/contract';
import { useRecordSearch, useSearch } from '../../api';
import { Spinner } from '../../components/Spinner';
import { RecentSearches } from './RecentSearches';
import { contentTypes, SearchForm } from './SearchForm';
import { SearchResults } from './SearchResults';
import { UpstreamError } from '../site-health';
import { isRateLimited, retryAfterOf } from '../images/rateLimit';
import { RateLimitPanel } from '../images/RateLimitPanel';
import { usePageTitle } from '../../lib/usePageTitle';

const parseType = (value: string | null): ContentType =>
  contentTypes.find((option) => option === value) ?? 'all';

/**
 * The query and type live in the page URL (/search?q=&type=), so going back to this page shows
 * the same results straight from the query cache.
 */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const shownQuery = (params.get('q') ?? '').trim();
  const shownType = parseType(params.get('type'));
  const { query, refresh } = useSearch(shownQuery.toLowerCase(), shownType);
  const record = useRecordSearch();
  const { t } = useTranslation('search');
  usePageTitle(shownQuery && t('quoted', { query: shownQuery }), t('title'));

  const [text, setText] = useState(shownQuery);
  const [type, setType] = useState(shownType);
  // Back/forward changes the URL under a mounted page: follow it (React's "adjust state" pattern).
  const [seen, setSeen] = useState({ shownQuery, shownType });
  if (seen.shownQuery !== shownQuery || seen.shownType !== shownType) {
    setSeen({ shownQuery, shownType });
    setText(shownQuery);
    setType(shownType);
  }

  // A submitted search until its answer arrives; the ref blocks a second submit in the same tick.
  const [pending, setPending] = useState<{ query: string; type: ContentType } | null>(null);
  const running = useRef(false);
  const busy = pending !== null || query.isFetching;

  const run = (raw: string) => {
    const next = raw.trim();
    if (next === '' || running.current || query.isFetching) return;
    running.current = true;
    setText(next);
    setPending({ query: next, type });
    if (next === shownQuery && type === shownType) void query.refetch();
    else setParams({ q: next, type });
  };

  const { data, isSuccess, isFetching } = query;
  useEffect(() => {
    if (!pending || pending.query !== shownQuery || pending.type !== shownType || isFetching) {
      return;
    }
    if (isSuccess) record({ query: pending.query, results_count: data.total });
    running.current = false;
    setPending(null);
  }, [pending, shownQuery, shownType, isFetching, isSuccess, data, record]);

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
      <SearchForm
        text={text}
        onTextChange={setText}
        type={type}
        onTypeChange={setType}
        shownQuery={shownQuery}
        busy={busy}
        onSearch={run}
      />
      <RecentSearches onSearch={run} />
      {shownQuery !== '' && outcome()}
    </div>
  );

  function outcome() {
    if (query.isError) {
      const retry = () => void query.refetch();
      return (
        <UpstreamError
          error={query.error}
          onRetry={retry}
          title={t('failed')}
          fallback={t('failedHint')}
          known={
            // The source's rate limit: counted down, then searched again by itself. Each refusal
            // (keyed by when it came) starts its own countdown.
            isRateLimited(query.error) ? (
              <RateLimitPanel
                key={query.errorUpdatedAt}
                onRetry={retry}
                retryAfter={retryAfterOf(query.error)}
              />
            ) : null
          }
        />
      );
    }
    if (!query.data) return <Spinner label={t('pending')} />;
    return (
      <SearchResults
        data={query.data}
        searchTerm={shownQuery}
        refreshing={query.isFetching}
        onRefresh={() => void refresh()}
      />
    );
  }
}
