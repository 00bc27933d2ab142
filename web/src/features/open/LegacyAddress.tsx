import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { pagePath, pageTarget, sourcePage, withPageQuery } from '@capshelf/contract';
import { NotFoundPage } from '../../pages/NotFoundPage';
import { onSource } from './address';
import { SourceOrigin } from './SourceOrigin';

/** A show's bare id as the old episode list took it (`10434-Non_Non_Biyori`, its kind aside). */
const BARE_SHOW = /^(\d+)(?:-|$)/;

/**
 * The addresses before the short ones: `/images/<encoded source URL>?title=…&searchTerm=…`,
 * `/episodes/<encoded URL or show id>?contentType=…` and its `/dataset`. Bookmarks, history
 * entries and old feed links land here and are sent on to `/images/<kind>/<id>` and
 * `/episodes/<kind>/<id>[/dataset]`, keeping the search (`q`) and `zh`; an address of any other
 * site, or of no such page, is not found.
 */
export function LegacyAddress() {
  const { legacy = '' } = useParams();
  const [params] = useSearchParams();
  const [, section, , tail] = useLocation().pathname.split('/');
  const dataset = section === 'episodes' && tail === 'dataset';
  const query = { q: params.get('searchTerm'), zh: params.get('zh') };
  const go = (view: 'episodes' | 'images', kind: 'anime' | 'tv' | 'movie', id: number) => (
    <Navigate replace to={withPageQuery(pagePath(dataset ? 'dataset' : view, kind, id), query)} />
  );

  const bare = section === 'episodes' ? BARE_SHOW.exec(legacy) : null;
  if (bare) {
    // Without `contentType` the server took a bare show id as anime's.
    const target = pageTarget(params.get('contentType') === 'tv' ? 'tv' : 'anime', bare[1]);
    return target ? go('episodes', target.kind, target.id) : <NotFoundPage />;
  }
  return (
    <SourceOrigin>
      {(origin) => {
        const url = onSource(legacy, origin);
        const page = url && sourcePage(url);
        return page ? go(page.view, page.kind, page.id) : <NotFoundPage />;
      }}
    </SourceOrigin>
  );
}
