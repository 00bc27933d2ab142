import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FavoriteEpisode } from '@capshelf/contract';
import { PreviewImages } from '../../../components/PreviewImages';
import { RadioGroup, translatedOptions } from '../../../components/RadioGroup';
import { formatDate } from '../../../lib/formatDate';
import { DeleteButton, GroupSection, SelectBox, type DeleteTarget } from './controls';
import { groupBy, withChineseName } from './filter';
import { favoriteEpisodePath } from './links';
import type { FavoriteSelection } from './useFavoriteSelection';

export type EpisodeView = 'work' | 'flat';
const viewOptions = [
  { value: 'work', label: 'episodes.byWork' },
  { value: 'flat', label: 'episodes.flat' },
] as const satisfies readonly { value: EpisodeView; label: string }[];

interface EpisodesTabProps {
  episodes: readonly FavoriteEpisode[];
  view: EpisodeView;
  onViewChange: (view: EpisodeView) => void;
  selection: FavoriteSelection;
  onDelete: (target: DeleteTarget) => void;
}

export function EpisodesTab({ episodes, view, onViewChange, ...cardProps }: EpisodesTabProps) {
  const { t } = useTranslation('favorites');
  const grid = (items: readonly FavoriteEpisode[]) => (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {items.map((episode) => (
        <EpisodeCard key={episode.id} episode={episode} {...cardProps} />
      ))}
    </ul>
  );
  return (
    <div className="flex flex-col gap-4">
      <RadioGroup
        name="favorite-episode-view"
        legend={t('episodes.view')}
        value={view}
        options={translatedOptions(viewOptions, t)}
        onChange={onViewChange}
      />
      {view === 'flat'
        ? grid(episodes)
        : groupBy(
            episodes,
            (e) => withChineseName(e.work_title, e.work_chinese_name) || t('unknownWork'),
          ).map((group) => (
            <GroupSection
              key={group.title}
              title={group.title}
              userTitle={Boolean(group.items[0]?.work_title)}
              count={group.items.length}
            >
              {grid(group.items)}
            </GroupSection>
          ))}
    </div>
  );
}

function EpisodeCard(props: {
  episode: FavoriteEpisode;
  selection: FavoriteSelection;
  onDelete: (target: DeleteTarget) => void;
}) {
  const { episode, selection, onDelete } = props;
  const { t } = useTranslation('favorites');
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <div className="flex items-center gap-2">
        <SelectBox
          label={t('select', { name: episode.title })}
          checked={selection.isSelected('episode', episode.id)}
          onChange={() => selection.click('episode', episode.id)}
        />
        <span className="truncate text-xs text-slate-500" data-user-content="">
          {withChineseName(episode.work_title, episode.work_chinese_name)}
        </span>
        <DeleteButton
          label={t('deleteItem', { name: episode.title })}
          onClick={() => onDelete({ type: 'episode', id: episode.id, title: episode.title })}
          className="ml-auto text-slate-500 hover:bg-red-50 hover:text-red-600"
        />
      </div>
      <Link
        to={favoriteEpisodePath(episode)}
        className="flex flex-col gap-2 font-medium text-slate-900 hover:text-sky-700"
      >
        <span className="hover:underline" data-user-content="">
          {episode.title}
        </span>
        <PreviewImages urls={episode.preview_images} />
      </Link>
      <p className="text-xs text-slate-500">
        {t('savedAt', { date: formatDate(episode.created_at) })}
      </p>
    </li>
  );
}
