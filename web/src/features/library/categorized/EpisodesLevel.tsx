import { useTranslation } from 'react-i18next';
import type { LibraryCategory } from '@capshelf/contract';
import { CardGrid, LibraryCard } from '../LibraryCard';
import { libraryEpisodeTarget } from '../links';

interface EpisodesLevelProps {
  category: LibraryCategory;
  hrefOf: (episodeKey: string) => string;
}

/** Level 2: one work's episodes (all of them come with the work). */
export function EpisodesLevel({ category, hrefOf }: EpisodesLevelProps) {
  const { t } = useTranslation('library');
  const { work } = category;
  if (category.episodes.length === 0) {
    return <p className="py-12 text-center text-slate-500">{t('categorized.empty')}</p>;
  }
  return (
    <CardGrid label={t('episodes')}>
      {category.episodes.map((episode) => (
        <LibraryCard
          key={episode.episode_key}
          data={{ 'data-episode-key': episode.episode_key }}
          // The uncategorized group's one episode ('全部') is named by the app.
          title={work ? episode.episode_name : t('categorized.all')}
          details={<span>{t('imageCount', { count: episode.image_count })}</span>}
          previews={episode.images}
          to={hrefOf(episode.episode_key)}
          favorite={
            work && episode.episode_id !== null && episode.link
              ? libraryEpisodeTarget(
                  {
                    id: episode.episode_id,
                    name: episode.episode_name,
                    link: episode.link,
                    images: episode.images,
                  },
                  category.show_name,
                  work,
                )
              : undefined
          }
        />
      ))}
    </CardGrid>
  );
}
