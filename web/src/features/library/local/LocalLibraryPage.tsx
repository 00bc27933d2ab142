import { useCallback, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FolderTree } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ImageItem, LibraryImage, LocalLibrarySort } from '@capshelf/contract';
import { LOCAL_LIBRARY_LIMIT, useLocalLibrary } from '../../../api';
import { Pager, pageCount } from '../../../components/Pager';
import { SelectField } from '../../../components/SelectField';
import { buttonClass } from '../../../components/button';
import { useSession } from '../../auth';
import type { ImageOrigin } from '../../favorites';
import { ImageBrowser } from '../../images/ImageBrowser';
import { EmptyLibrary } from '../EmptyLibrary';
import { pageParam } from '../pageParam';
import { ScopeSwitch, useLibraryScope } from '../scope';
import { ClearAllCacheButton } from './ClearAllCacheButton';
import { DEFAULT_SORT, sortOptions, sortParam } from './sortOptions';
import { usePageTitle } from '../../../lib/usePageTitle';

const UNKNOWN: ImageOrigin = { work_title: '', work_id: null, episode_title: '', episode_id: null };

/**
 * /local-library?sort=&page=&scope= — the cached images of what the user opened (an admin may
 * switch to 全部用户), on the shared image screen.
 */
export function LocalLibraryPage() {
  const { t } = useTranslation('library');
  usePageTitle(t('local.title'));
  const [params, setParams] = useSearchParams();
  const sort = sortParam(params.get('sort'));
  const page = pageParam(params.get('page'));
  const scope = useLibraryScope();
  const query = useLocalLibrary(sort, page, scope);
  const isAdmin = useSession().user?.role === 'admin';

  const setView = (next: { sort: LocalLibrarySort; page: number }) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set('sort', next.sort);
      updated.set('page', String(next.page));
      if (next.sort === DEFAULT_SORT) updated.delete('sort');
      if (next.page === 1) updated.delete('page');
      return updated;
    });

  // Images of many works share the grid: each one's heart and caption name its own.
  const origins = useMemo(
    () => new Map(query.data?.images.map((image) => [image.id, libraryOrigin(image)])),
    [query.data],
  );
  const originOf = useCallback((image: ImageItem) => origins.get(image.id) ?? UNKNOWN, [origins]);

  // Nothing cached yet: what the library is and where to start, not an empty grid and its toolbar.
  if (query.data?.total === 0 && page === 1) return <EmptyLocalLibrary />;

  return (
    <ImageBrowser
      list={{ query, refresh: () => query.refetch() }}
      fallbackTitle={t('local.title')}
      originOf={originOf}
      toolbarExtra={
        <>
          <ScopeSwitch />
          <SelectField
            id="library-sort"
            label={t('local.sortLabel')}
            value={sort}
            options={sortOptions.map(({ value }) => ({ value, label: t(`local.sort.${value}`) }))}
            onChange={(next) => setView({ sort: next, page: 1 })}
          />
          <Link
            to={`/categorized-library${scope === 'all' ? '?scope=all' : ''}`}
            className={buttonClass('secondary')}
          >
            <FolderTree aria-hidden className="size-4" />
            {t('local.categorized')}
          </Link>
          {isAdmin && <ClearAllCacheButton />}
        </>
      }
      footer={
        <Pager
          page={page}
          pages={pageCount(query.data?.total ?? 0, LOCAL_LIBRARY_LIMIT)}
          onChange={(next) => setView({ sort, page: next })}
        />
      }
    />
  );
}

/** Nothing cached yet: the libraries' empty state, under the title (an admin keeps the scope switch). */
function EmptyLocalLibrary() {
  const { t } = useTranslation('library');
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-4">
        <h1 className="text-2xl font-bold text-slate-900">{t('local.title')}</h1>
        <ScopeSwitch />
      </div>
      <EmptyLibrary title={t('local.empty')} hint={t('local.emptyHint')} />
    </div>
  );
}

/** The library knows a cached image's work and episode by title only. */
function libraryOrigin(image: LibraryImage): ImageOrigin {
  return {
    work_title: image.work_title ?? '',
    work_id: null,
    episode_title: image.episode_title ?? '',
    episode_id: null,
  };
}
