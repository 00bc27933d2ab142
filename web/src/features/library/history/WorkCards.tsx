import { useTranslation } from 'react-i18next';
import type { HistoryCategory } from '@capshelf/contract';
import { formatDate } from '../../../lib/formatDate';
import { CardGrid, LibraryCard } from '../LibraryCard';
import { knownWorkTarget } from '../../favorites';
import { linkedPath } from '../../../lib/linkedPath';

/** By work: a known work opens its episodes (a movie its images); an unnamed one, a search. */
export function WorkCards({ categories }: { categories: readonly HistoryCategory[] }) {
  const { t } = useTranslation('library');
  return (
    <CardGrid label={t('works')}>
      {categories.map((item) => (
        <LibraryCard
          key={item.work ? `${item.work.kind}:${item.work.id}` : `title:${item.show_name}`}
          data={{ 'data-show-name': item.show_name }}
          title={item.show_name}
          chineseName={item.chinese_name}
          details={
            <>
              <span>{t('episodeCount', { count: item.episode_count })}</span>
              <span>{t('imageCount', { count: item.total_images })}</span>
              <span>{t('history.lastViewed', { date: formatDate(item.last_viewed) })}</span>
            </>
          }
          previews={item.episodes.flatMap((episode) => episode.images).slice(0, 4)}
          to={
            item.work && item.link
              ? linkedPath(item.link)
              : `/search?${new URLSearchParams({ q: item.show_name })}`
          }
          favorite={
            item.work && item.link
              ? knownWorkTarget(item.show_name, item.work, item.link)
              : undefined
          }
        />
      ))}
    </CardGrid>
  );
}
