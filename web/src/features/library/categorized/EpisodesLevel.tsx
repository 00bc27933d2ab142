import type { LibraryCategory } from '@capshelf/contract';
import { CardGrid, LibraryCard } from '../LibraryCard';
import { episodePageUrl, libraryEpisodeTarget } from '../links';

interface EpisodesLevelProps {
  category: LibraryCategory;
  onOpen: (episodeKey: string) => void;
}

/** Level 2: one work's episodes (all of them come with the work). */
export function EpisodesLevel({ category, onOpen }: EpisodesLevelProps) {
  const { work } = category;
  if (category.episodes.length === 0) {
    return <p className="py-12 text-center text-slate-500">暂无分类图片数据</p>;
  }
  return (
    <CardGrid label="剧集">
      {category.episodes.map((episode) => (
        <LibraryCard
          key={episode.episode_key}
          data={{ 'data-episode-key': episode.episode_key }}
          title={episode.episode_name}
          details={<span>{episode.image_count} 张图片</span>}
          previews={episode.images}
          onOpen={() => onOpen(episode.episode_key)}
          favorite={
            work && episode.episode_id !== null
              ? libraryEpisodeTarget(
                  {
                    id: episode.episode_id,
                    name: episode.episode_name,
                    url: episodePageUrl(episode.kind ?? work.kind, episode.episode_id),
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
