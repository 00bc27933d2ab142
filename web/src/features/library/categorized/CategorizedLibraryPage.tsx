import { useState } from 'react';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorMessage, useCategorizedLibrary, useLibraryCategory } from '../../../api';
import { ErrorBox } from '../../../components/ErrorBox';
import { Spinner } from '../../../components/Spinner';
import { buttonClass } from '../../../components/button';
import { EpisodesLevel } from './EpisodesLevel';
import { ImagesLevel } from './ImagesLevel';
import { ScopeSwitch, useLibraryScope } from '../scope';
import { useLibraryLevel } from './useLibraryLevel';
import { WorksLevel } from './WorksLevel';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { EmptyLibrary } from '../EmptyLibrary';
import { LibraryFilter } from '../LibraryFilter';

/** /categorized-library: works → episodes → images, the level kept in the URL. */
export function CategorizedLibraryPage() {
  const level = useLibraryLevel();
  const scope = useLibraryScope();
  const [filterText, setFilterText] = useState('');
  const filter = useDebouncedValue(filterText.trim(), 300);
  // The works' first page also carries the header totals on the deeper levels.
  const works = useCategorizedLibrary(
    level.category ? 1 : level.page,
    scope,
    level.category ? '' : filter,
  );
  const category = useLibraryCategory(level.category, scope);
  const totals = works.data;
  const { t } = useTranslation('library');
  // The uncategorized group ('未分类', no work) is the app's name, not the source's.
  const workName =
    category.data && (category.data.work ? category.data.show_name : t('uncategorized'));
  usePageTitle(level.category ? (workName ?? t('categorized.work')) : null, t('categorized.title'));
  /** The failure text: the message, else '未知错误'. */
  const failure = (error: unknown) =>
    t('categorized.loadFailed', { message: errorMessage(error, t('unknownError')) });
  // A new user's library: what it will hold and where to start, without an idle filter and totals.
  const empty = !level.category && !filterText && !filter && totals?.total_categories === 0;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className={buttonClass('secondary')} onClick={level.back}>
          <ArrowLeft aria-hidden className="size-4" />
          {t('back')}
        </button>
        {!level.episode && (
          <h1
            className="text-2xl font-bold text-slate-900"
            data-user-content={category.data?.work ? '' : undefined}
          >
            {level.category ? (workName ?? t('categorized.work')) : t('categorized.title')}
          </h1>
        )}
        {totals && !empty && (
          <span className="text-sm text-slate-500">
            {t('summary', { works: totals.total_categories, images: totals.total_images })}
          </span>
        )}
        {!level.category && <ScopeSwitch />}
      </div>
      {content()}
    </div>
  );

  function content() {
    if (level.category && level.episode) {
      return (
        <ImagesLevel
          // Another episode starts with a fresh selection and filter.
          key={`${level.category}/${level.episode}`}
          category={level.category}
          episode={level.episode}
          page={level.page}
          onPage={level.setPage}
        />
      );
    }
    const query = level.category ? category : works;
    if (query.isError) {
      return <ErrorBox message={failure(query.error)} onRetry={() => void query.refetch()} />;
    }
    if (level.category) {
      return category.data ? (
        <EpisodesLevel category={category.data} hrefOf={level.episodeHref} />
      ) : (
        <Spinner />
      );
    }
    if (empty)
      return (
        <EmptyLibrary title={t('categorized.emptyLibrary')} hint={t('categorized.emptyHint')} />
      );
    return (
      <>
        <LibraryFilter
          value={filterText}
          onChange={(text) => {
            setFilterText(text);
            if (level.page !== 1) level.setPage(1);
          }}
        />
        {works.data ? (
          <WorksLevel
            data={works.data}
            page={level.page}
            onPage={level.setPage}
            hrefOf={level.categoryHref}
            filter={filter}
          />
        ) : (
          <Spinner />
        )}
      </>
    );
  }
}
