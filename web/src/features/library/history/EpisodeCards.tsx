import { useNavigate } from 'react-router';
import type { HistoryEpisode, HistorySource } from '@capshelf/contract';
import { formatDate } from '../../../lib/formatDate';
import { DeleteButton } from '../../favorites/screen/controls';
import { CardGrid, LibraryCard } from '../LibraryCard';
import { historyEpisodePath, libraryEpisodeTarget } from '../links';

const sourceTags: Record<HistorySource, { label: string; className: string }> = {
  search: { label: '搜索', className: 'bg-sky-100 text-sky-800' },
  direct: { label: '直接访问', className: 'bg-slate-200 text-slate-700' },
};

interface EpisodeCardsProps {
  episodes: readonly HistoryEpisode[];
  onDelete: (episode: HistoryEpisode) => void;
}

/** By episode, newest first (as the server sends them): each opens its images. */
export function EpisodeCards({ episodes, onDelete }: EpisodeCardsProps) {
  const navigate = useNavigate();
  return (
    <CardGrid label="剧集">
      {episodes.map((episode) => {
        const tag = sourceTags[episode.source];
        return (
          <LibraryCard
            key={episode.history_id}
            data={{ 'data-history-id': episode.history_id }}
            title={episode.episode_name}
            details={
              <>
                <span className={`rounded px-1.5 py-0.5 font-semibold ${tag.className}`}>
                  {tag.label}
                </span>
                <span>作品：{episode.show_name}</span>
                <span>搜索词：{episode.search_term || '—'}</span>
                <span>{formatDate(episode.created_at)}</span>
                <span>{episode.image_count} 张图片</span>
                <span>浏览 {episode.view_count} 次</span>
              </>
            }
            previews={episode.images}
            onOpen={() => navigate(historyEpisodePath(episode, episode.show_name))}
            favorite={
              episode.work
                ? libraryEpisodeTarget(
                    {
                      id: episode.episode_id,
                      name: episode.episode_name,
                      url: episode.episode_url,
                      images: episode.images,
                    },
                    episode.show_name,
                    episode.work,
                  )
                : undefined
            }
            actions={
              <DeleteButton
                label={`删除 ${episode.episode_name}`}
                onClick={() => onDelete(episode)}
                className="text-slate-400 hover:bg-red-50 hover:text-red-600"
              />
            }
          />
        );
      })}
    </CardGrid>
  );
}
