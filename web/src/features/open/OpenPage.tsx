import { Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pagePath, sourcePage } from '@capshelf/contract';
import { usePageTitle } from '../../lib/usePageTitle';
import { findAddress, onSource, searchQueryOf, sharedWords } from './address';
import { NotOpenable } from './NotOpenable';
import { SourceOrigin } from './SourceOrigin';

/**
 * /open?url= (the bookmarklet), and Android's share target (`text`, `url`, `title`): opens the
 * source-site address handed over on its own screen. A search address goes to the search, a
 * show to its episode list, an episode or a movie to its images (the screen then asks the
 * server, which checks it once more). Anything else gets a page saying so, with a way to search.
 */
export function OpenPage() {
  const { t } = useTranslation('open');
  usePageTitle(t('title'));
  const [params] = useSearchParams();
  const address = findAddress(params);

  if (!address) return <NotOpenable address={null} words={sharedWords(params)} />;
  return <SourceOrigin>{(origin) => opened(address, origin)}</SourceOrigin>;
}

function opened(address: string, origin: string) {
  const url = onSource(address, origin);
  if (!url) return <NotOpenable address={address} />;
  const query = searchQueryOf(url);
  if (query) return <Navigate replace to={`/search?${new URLSearchParams({ q: query })}`} />;
  const page = sourcePage(url);
  if (!page) return <NotOpenable address={address} onSource />;
  return <Navigate replace to={pagePath(page.view, page.kind, page.id)} />;
}
