import { Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage, useEpisodes } from '../../api';
import { ErrorBox } from '../../components/ErrorBox';
import { Panel } from '../../components/Panel';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../lib/usePageTitle';
import { movieDetail } from '../episodes/movieRedirect';
import { movieImagesPath } from '../search/links';
import { UpstreamError } from '../site-health';
import { findAddress, onSource, searchQueryOf, sharedWords } from './address';
import { NotOpenable } from './NotOpenable';
import { useSourceOrigin } from './useSourceOrigin';

/**
 * /open?url= (the bookmarklet), and Android's share target (`text`, `url`, `title`): opens the
 * source-site address handed over on its own screen. A search address goes to the search; any
 * other address on the source goes to the server, which alone knows its forms (see SourcePage).
 * Anything else gets a page saying so, with a way to search.
 */
export function OpenPage() {
  const { t } = useTranslation('open');
  usePageTitle(t('title'));
  const [params] = useSearchParams();
  const source = useSourceOrigin();
  const address = findAddress(params);

  if (!address) return <NotOpenable address={null} words={sharedWords(params)} />;
  if (source.isError) {
    return (
      <Panel title={t('title')}>
        <ErrorBox
          title={t('failed')}
          message={errorMessage(source.error, t('sourceFailed'))}
          onRetry={() => void source.refetch()}
        />
      </Panel>
    );
  }
  if (source.data === undefined) return <Spinner label={t('opening')} />;
  const url = onSource(address, source.data);
  if (!url) return <NotOpenable address={address} />;
  const query = searchQueryOf(url);
  if (query) return <Navigate replace to={`/search?${new URLSearchParams({ q: query })}`} />;
  return <SourcePage address={url.href} />;
}

/**
 * A source address that is no search. The server tells what it is: asked for its episodes
 * (the same query, and so the same cached answer, as the episode list's), a show answers them,
 * a movie answers MOVIE_NO_EPISODES with its images' link, and anything else a 400 — an episode
 * then opens on the images screen, whose page path is the address itself (the contract's
 * `PageLink.page_path` form), and there the server checks it once more.
 */
function SourcePage({ address }: { address: string }) {
  const { t } = useTranslation('open');
  const { query } = useEpisodes(address, undefined);
  if (query.data) return <Navigate replace to={`/episodes/${encodeURIComponent(address)}`} />;
  const movie = movieDetail(query.error);
  if (movie) return <Navigate replace to={movieImagesPath(movie.link, movie.movie_title)} />;
  if (query.error instanceof ApiError && query.error.status === 400) {
    return <Navigate replace to={`/images/${encodeURIComponent(address)}`} />;
  }
  if (query.isError) {
    return (
      <Panel title={t('title')}>
        <UpstreamError
          error={query.error}
          onRetry={() => void query.refetch()}
          title={t('failed')}
          fallback={t('failedDetail')}
        />
      </Panel>
    );
  }
  return <Spinner label={t('opening')} />;
}
