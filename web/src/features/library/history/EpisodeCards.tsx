import { useTranslation } from 'react-i18next';
import type { HistoryEpisode, HistorySource } from '@capshelf/contract';
import { formatDate } from '../../../lib/formatDate';
import { DeleteButton } from '../../favorites/screen/controls';
import { CardGrid, LibraryCard } from '../LibraryCard';
import { historyEpisodePath, libraryEpisodeTarget } from '../links';

const sourceTags: Record<HistorySource, { label: string; className: string }> = {
  search: { label: 'history.source.search', className: 'bg-sky-100 text-sky-800' },
  direct: { label: 'history.source.direct', className: 'bg-slate-200 text-slate-700' },
};

interface EpisodeCardsProps {
  episodes: readonly HistoryEpisode[];
  onDelete: (episode: HistoryEpisode) => void;
}

/** By episode, newest first (as the server sends them): each opens its images. */
export function EpisodeCards({ episodes, onDelete }: EpisodeCardsProps) {
  const { t } = useTranslation('library');
  return (
    <CardGrid label={t('episodes')}>
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
                  {t(tag.label)}
                </span>
                {/* Labelled source data: the whole line counts as user content. */}
                <span data-user-content="">{t('history.work', { name: episode.show_name })}</span>
                <span data-user-content="">
                  {t('history.searchTerm', { term: episode.search_term || '—' })}
                </span>
                {/* The time the list is ordered by: the last view, not the first. */}
                <span>{t('history.lastViewed', { date: formatDate(episode.updated_at) })}</span>
                <span>{t('imageCount', { count: episode.image_count })}</span>
                <span>{t('history.views', { count: episode.view_count })}</span>
              </>
            }
            previews={episode.images}
            to={historyEpisodePath(episode)}
            favorite={
              episode.work
                ? libraryEpisodeTarget(
                    {
                      id: episode.episode_id,
                      name: episode.episode_name,
                      link: episode.link,
                      images: episode.images,
                    },
                    episode.show_name,
                    episode.work,
                  )
                : undefined
            }
            actions={
              <DeleteButton
                label={t('history.deleteItem', { name: episode.episode_name })}
                onClick={() => onDelete(episode)}
                className="text-slate-500 hover:bg-red-50 hover:text-red-600"
              />
            }
          />
        );
      })}
    </CardGrid>
  );
}
