import { ArrowLeft } from 'lucide-react';
import { errorMessage, useCategorizedLibrary, useLibraryCategory } from '../../../api';
import { ErrorBox } from '../../../components/ErrorBox';
import { Spinner } from '../../../components/Spinner';
import { buttonClass } from '../../../components/button';
import { EpisodesLevel } from './EpisodesLevel';
import { ImagesLevel } from './ImagesLevel';
import { useLibraryLevel } from './useLibraryLevel';
import { WorksLevel } from './WorksLevel';
import { usePageTitle } from '../../../lib/usePageTitle';

/** The spec's failure text: the message, else '未知错误'. */
const failure = (error: unknown) => `加载分类图片库失败: ${errorMessage(error, '未知错误')}`;

/** /categorized-library: works → episodes → images, the level kept in the URL. */
export function CategorizedLibraryPage() {
  const level = useLibraryLevel();
  // The works' first page also carries the header totals on the deeper levels.
  const works = useCategorizedLibrary(level.category ? 1 : level.page);
  const category = useLibraryCategory(level.category);
  const totals = works.data;
  usePageTitle(level.category ? (category.data?.show_name ?? '作品') : null, '分类图库');

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className={buttonClass('secondary')} onClick={level.back}>
          <ArrowLeft aria-hidden className="size-4" />
          返回
        </button>
        {!level.episode && (
          <h1 className="text-2xl font-bold text-slate-900">
            {level.category ? (category.data?.show_name ?? '作品') : '分类图库'}
          </h1>
        )}
        {totals && (
          <span className="text-sm text-slate-500">
            作品 {totals.total_categories} 部，图片 {totals.total_images} 张
          </span>
        )}
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
        <EpisodesLevel category={category.data} onOpen={level.openEpisode} />
      ) : (
        <Spinner />
      );
    }
    return works.data ? (
      <WorksLevel
        data={works.data}
        page={level.page}
        onPage={level.setPage}
        onOpen={level.openCategory}
      />
    ) : (
      <Spinner />
    );
  }
}
