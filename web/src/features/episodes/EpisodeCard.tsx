import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Episode } from '@capshelf/contract';
import { PreviewImages } from '../../components/PreviewImages';
import { FavoriteHeart, type FavoriteTarget } from '../favorites';

interface EpisodeCardProps {
  episode: Episode;
  favorite: FavoriteTarget;
  /** The episode's images. */
  to: string;
  /** On a click, and on a middle click (a new tab): records where the episode was opened from. */
  onOpen: () => void;
}

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function EpisodeCard({ episode, favorite, to, onOpen }: EpisodeCardProps) {
  const { t } = useTranslation('episodes');
  // The number in the reader's language, unless the title already says just that ("Episode 3").
  const number =
    episode.episode_number === null ? null : t('card.number', { number: episode.episode_number });
  const badge = number !== null && !sameText(number, episode.title) ? number : null;
  return (
    <li className="relative">
      <Link
        to={to}
        onClick={onOpen}
        onAuxClick={(event) => event.button === 1 && onOpen()}
        data-episode-id={episode.id}
        className="flex h-full w-full flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 text-left shadow-sm transition hover:border-sky-400 hover:shadow"
      >
        <div className="flex items-center gap-2 pr-8">
          {badge && (
            <span className="rounded bg-sky-100 px-1.5 py-0.5 text-xs font-semibold text-sky-800">
              {badge}
            </span>
          )}
          {episode.image_count !== null && (
            <span className="ml-auto text-xs text-slate-500">
              {t('card.images', { count: episode.image_count })}
            </span>
          )}
        </div>
        <span className="font-medium text-slate-900" data-user-content="">
          {episode.title}
        </span>
        <PreviewImages urls={episode.preview_images} />
      </Link>
      {/* Beside the link, not inside it: a button may not sit within a link. */}
      <FavoriteHeart
        target={favorite}
        className="absolute top-2 right-2 rounded-full p-1.5 text-slate-500 hover:bg-rose-50 hover:text-rose-500"
      />
    </li>
  );
}
