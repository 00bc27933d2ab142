import { useTranslation } from 'react-i18next';
import type { CategorizedLibraryResponse } from '@capshelf/contract';
import { CATEGORIES_LIMIT } from '../../../api';
import { Pager, pageCount } from '../../../components/Pager';
import { formatDate } from '../../../lib/formatDate';
import { CardGrid, LibraryCard } from '../LibraryCard';
import { knownWorkTarget } from '../../favorites';

interface WorksLevelProps {
  data: CategorizedLibraryResponse;
  page: number;
  onPage: (page: number) => void;
  hrefOf: (category: string) => string;
  /** The works filter's text ('' when none). */
  filter: string;
}

/** Level 1: the works with cached images ('未分类' comes last, from the server). */
export function WorksLevel({ data, page, onPage, hrefOf, filter }: WorksLevelProps) {
  const { t } = useTranslation('library');
  if (data.categories.length === 0) {
    return (
      <p className="py-12 text-center text-slate-500">
        {filter ? t('filter.noMatch', { text: filter }) : t('categorized.empty')}
      </p>
    );
  }
  return (
    <>
      <CardGrid label={t('works')}>
        {data.categories.map((item) => (
          <LibraryCard
            key={item.category}
            data={{ 'data-category': item.category }}
            title={item.work ? item.show_name : t('uncategorized')}
            chineseName={item.chinese_name}
            details={
              <>
                <span>{t('episodeCount', { count: item.episode_count })}</span>
                <span>{t('imageCount', { count: item.total_images })}</span>
                <span>{t('categorized.lastCached', { date: formatDate(item.last_cached) })}</span>
              </>
            }
            previews={item.images}
            to={hrefOf(item.category)}
            favorite={
              item.work && item.link
                ? knownWorkTarget(item.show_name, item.work, item.link)
                : undefined
            }
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
