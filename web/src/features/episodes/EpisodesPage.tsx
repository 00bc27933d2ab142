import { lazy, Suspense, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { pagePath, withPageQuery } from '@capshelf/contract';
import { ArrowLeft, Download, Layers } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { recordEpisodeAccess, useEpisodes } from '../../api';
import { FormField } from '../../components/FormField';
import { SelectField } from '../../components/SelectField';
import { Spinner } from '../../components/Spinner';
import { buttonClass } from '../../components/button';
import { episodeTarget } from '../favorites';
import { FollowToggle } from '../follows';
import { ChineseTitle, useOpenedMatch } from '../titles';
import { EpisodeCard } from './EpisodeCard';
import { arrangeEpisodes, PAGE_SIZES, SORTS, type EpisodeSort, type PageSize } from './episodeList';
import { movieDetail } from './movieRedirect';
import { useProgressiveCount } from './useProgressiveCount';
import { UpstreamError } from '../site-health';
import { linkedPath } from '../../lib/linkedPath';
import { usePageTarget } from '../../lib/usePageTarget';
import { usePageTitle } from '../../lib/usePageTitle';
import { NotFoundPage } from '../../pages/NotFoundPage';
import { RefreshButton } from '../../components/RefreshButton';

// Loaded when first opened: most visits never download a whole work.
const WorkDownloadDialog = lazy(() =>
  import('../downloads/WorkDownloadDialog').then((m) => ({ default: m.WorkDownloadDialog })),
);

/**
 * /episodes/:kind/:id[?q=] — a show by its kind and source id; the title comes from the answer,
 * `q` is the search it was opened from (the way back, and what its visits are recorded under).
 */
export function EpisodesPage() {
  const target = usePageTarget();
  const [params] = useSearchParams();
  if (!target) return <NotFoundPage />;
  if (target.kind === 'movie') {
    // A movie's page is its images; the search it was opened from goes along (the way back).
    const query = { q: params.get('q'), zh: params.get('zh') };
    return <Navigate replace to={withPageQuery(pagePath('images', 'movie', target.id), query)} />;
  }
  return <ShowEpisodes kind={target.kind} id={target.id} />;
}

function ShowEpisodes({ kind, id }: { kind: 'anime' | 'tv'; id: number }) {
  const { t } = useTranslation('episodes');
  const showId = String(id);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const searchTerm = params.get('q') ?? '';
  const { query, refresh } = useEpisodes(showId, kind);

  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<EpisodeSort>('default');
  const [pageSize, setPageSize] = useState<PageSize>(20);
  const [wholeWork, setWholeWork] = useState(false);
  const episodes = arrangeEpisodes(query.data?.episodes ?? [], filter, sort);
  const progress = useProgressiveCount(episodes.length, pageSize, `${filter}|${sort}|${pageSize}`);

  const workTitle = query.data?.show_title ?? '';
  usePageTitle(workTitle || t('title'));
  useOpenedMatch(query.data?.work);

  const movie = movieDetail(query.error);
  if (movie) {
    return (
      <Navigate replace to={linkedPath(movie.link, { q: searchTerm, zh: params.get('zh') })} />
    );
  }

  const backToSearch = () =>
    navigate(searchTerm ? `/search?${new URLSearchParams({ q: searchTerm })}` : '/search');

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className={buttonClass('secondary')} onClick={backToSearch}>
          <ArrowLeft aria-hidden className="size-4" />
          {t('backToSearch')}
        </button>
        <div className="flex flex-col">
          <h1
            className="text-2xl font-bold text-slate-900"
            data-user-content={workTitle ? '' : undefined}
          >
            {workTitle || t('title')}
          </h1>
          {query.data && (
            <ChineseTitle work={query.data.work} title={query.data.chinese_title ?? null} />
          )}
        </div>
        {query.data && (
          <span className="text-sm text-slate-500">{t('total', { count: query.data.total })}</span>
        )}
        {query.data && (
          <FollowToggle
            work={query.data.work}
            workUrl={showId}
            className={`${buttonClass('secondary')} ml-auto`}
          />
        )}
        <button
          type="button"
          className={`${buttonClass()} ${query.data ? '' : 'ml-auto'}`}
          onClick={() => setWholeWork(true)}
          disabled={!query.data || query.data.episodes.length === 0}
        >
          <Download aria-hidden className="size-4" />
          {t('downloadWork')}
        </button>
        {query.data && query.data.episodes.length > 0 && (
          <Link
            to={withPageQuery(pagePath('dataset', kind, id), { q: searchTerm })}
            className={buttonClass('secondary')}
          >
            <Layers aria-hidden className="size-4" />
            {t('makeDataset')}
          </Link>
        )}
        <RefreshButton
          label={t('refresh')}
          onRefresh={() => void refresh()}
          busy={query.isFetching}
          disabled={!query.data}
        />
      </div>
      {content()}
      {query.data && wholeWork && (
        <Suspense fallback={null}>
          <WorkDownloadDialog
            open
            onOpenChange={setWholeWork}
            workUrl={showId}
            kind={kind}
            workTitle={workTitle}
            episodes={query.data.episodes}
          />
        </Suspense>
      )}
    </div>
  );

  function content() {
    if (query.isError) {
      return (
        <UpstreamError
          error={query.error}
          onRetry={() => void query.refetch()}
          title={t('loadFailed')}
          fallback={t('loadFailedDetail')}
        />
      );
    }
    if (!query.data) return <Spinner label={t('loading')} />;
    const { work } = query.data;
    return (
      <>
        <div className="flex flex-wrap items-end gap-4">
          <div className="w-64">
            <FormField
              id="episode-filter"
              label={t('filter.label')}
              type="search"
              placeholder={t('filter.placeholder')}
              value={filter}
              onChange={setFilter}
            />
          </div>
          <SelectField
            id="episode-sort"
            label={t('sort.label')}
            value={sort}
            options={SORTS.map((value) => ({ value, label: t(`sort.${value}`) }))}
            onChange={setSort}
          />
          <SelectField
            id="episode-page-size"
            label={t('pageSize.label')}
            value={pageSize}
            options={PAGE_SIZES.map((size) => ({
              value: size,
              label: t('pageSize.option', { count: size }),
            }))}
            onChange={setPageSize}
          />
        </div>
        {episodes.length === 0 ? (
          <p className="py-12 text-center text-slate-500">
            {filter.trim() ? t('noMatch') : t('empty')}
          </p>
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {episodes.slice(0, progress.count).map((episode) => (
              <EpisodeCard
                key={episode.url}
                episode={episode}
                favorite={episodeTarget(episode, workTitle, work)}
                to={linkedPath(episode.link, { q: searchTerm })}
                onOpen={() =>
                  recordEpisodeAccess({
                    search_term: searchTerm,
                    show_title: workTitle,
                    show_id: showId,
                    episode_title: episode.title,
                    episode_id: episode.url,
                  })
                }
              />
            ))}
          </ul>
        )}
        {progress.hasMore && (
          <div ref={progress.sentinelRef} className="flex justify-center">
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={progress.loadMore}
              disabled={progress.loading}
            >
              {progress.loading
                ? t('loadingMore')
                : t('loadMore', { shown: progress.count, count: episodes.length })}
            </button>
          </div>
        )}
      </>
    );
  }
}
