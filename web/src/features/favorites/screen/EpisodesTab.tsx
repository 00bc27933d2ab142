import { Link } from 'react-router';
import type { FavoriteEpisode } from '@capshelf/contract';
import { PreviewImages } from '../../../components/PreviewImages';
import { RadioGroup } from '../../../components/RadioGroup';
import { formatDate } from '../../../lib/formatDate';
import { DeleteButton, GroupSection, SelectBox, type DeleteTarget } from './controls';
import { groupBy } from './filter';
import { favoriteEpisodePath } from './links';
import type { FavoriteSelection } from './useFavoriteSelection';

export type EpisodeView = 'work' | 'flat';
const viewOptions = [
  { value: 'work', label: '按作品分组' },
  { value: 'flat', label: '按剧集平铺' },
] as const satisfies readonly { value: EpisodeView; label: string }[];

interface EpisodesTabProps {
  episodes: readonly FavoriteEpisode[];
  view: EpisodeView;
  onViewChange: (view: EpisodeView) => void;
  selection: FavoriteSelection;
  onDelete: (target: DeleteTarget) => void;
}

export function EpisodesTab({ episodes, view, onViewChange, ...cardProps }: EpisodesTabProps) {
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
        legend="显示方式"
        value={view}
        options={viewOptions}
        onChange={onViewChange}
      />
      {view === 'flat'
        ? grid(episodes)
        : groupBy(episodes, (e) => e.work_title || '未知作品').map((group) => (
            <GroupSection key={group.title} title={group.title} count={group.items.length}>
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
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <div className="flex items-center gap-2">
        <SelectBox
          label={`选择 ${episode.title}`}
          checked={selection.isSelected('episode', episode.id)}
          onChange={() => selection.toggle('episode', episode.id)}
        />
        <span className="truncate text-xs text-slate-500">{episode.work_title}</span>
        <DeleteButton
          label={`删除 ${episode.title}`}
          onClick={() => onDelete({ type: 'episode', id: episode.id, title: episode.title })}
          className="ml-auto text-slate-500 hover:bg-red-50 hover:text-red-600"
        />
      </div>
      <Link
        to={favoriteEpisodePath(episode)}
        className="flex flex-col gap-2 font-medium text-slate-900 hover:text-sky-700"
      >
        <span className="hover:underline">{episode.title}</span>
        <PreviewImages urls={episode.preview_images} />
      </Link>
      <p className="text-xs text-slate-500">收藏于 {formatDate(episode.created_at)}</p>
    </li>
  );
}
