import type { CategorizedLibraryResponse } from '@capshelf/contract';
import { CATEGORIES_LIMIT } from '../../../api';
import { Pager, pageCount } from '../../../components/Pager';
import { formatDate } from '../../../lib/formatDate';
import { CardGrid, LibraryCard } from '../LibraryCard';
import { libraryWorkTarget } from '../links';

interface WorksLevelProps {
  data: CategorizedLibraryResponse;
  page: number;
  onPage: (page: number) => void;
  onOpen: (category: string) => void;
}

/** Level 1: the works with cached images ('未分类' comes last, from the server). */
export function WorksLevel({ data, page, onPage, onOpen }: WorksLevelProps) {
  if (data.categories.length === 0) {
    return <p className="py-12 text-center text-slate-500">暂无分类图片数据</p>;
  }
  return (
    <>
      <CardGrid label="作品">
        {data.categories.map((item) => (
          <LibraryCard
            key={item.category}
            data={{ 'data-category': item.category }}
            title={item.show_name}
            details={
              <>
                <span>{item.episode_count} 集</span>
                <span>{item.total_images} 张图片</span>
                <span>最近缓存 {formatDate(item.last_cached)}</span>
              </>
            }
            previews={item.images}
            onOpen={() => onOpen(item.category)}
            favorite={item.work ? libraryWorkTarget(item.show_name, item.work) : undefined}
          />
        ))}
      </CardGrid>
      <Pager
        page={page}
        pages={pageCount(data.total_categories, CATEGORIES_LIMIT)}
        onChange={onPage}
      />
    </>
  );
}
