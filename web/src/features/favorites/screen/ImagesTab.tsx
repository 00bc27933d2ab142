import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { FavoriteImage } from '@capshelf/contract';
import { RadioGroup, translatedOptions } from '../../../components/RadioGroup';
import { DeleteButton, GroupSection, SelectBox, type DeleteTarget } from './controls';
import { groupBy } from './filter';
import type { FavoriteSelection } from './useFavoriteSelection';

export type ImageView = 'work' | 'episode' | 'grid';
const viewOptions = [
  { value: 'work', label: 'images.byWork' },
  { value: 'episode', label: 'images.byEpisode' },
  { value: 'grid', label: 'images.grid' },
] as const satisfies readonly { value: ImageView; label: string }[];

type Titler = (image: FavoriteImage, t: TFunction<'favorites'>) => string;
const workOf: Titler = (image, t) => image.work_title || t('unknownWork');
const groupTitle: Record<Exclude<ImageView, 'grid'>, Titler> = {
  work: workOf,
  episode: (image, t) => `${workOf(image, t)} - ${image.episode_title || t('unknownEpisode')}`,
};

interface ImagesTabProps {
  images: readonly FavoriteImage[];
  view: ImageView;
  onViewChange: (view: ImageView) => void;
  selection: FavoriteSelection;
  onDelete: (target: DeleteTarget) => void;
}

export function ImagesTab({ images, view, onViewChange, ...tileProps }: ImagesTabProps) {
  const { t } = useTranslation('favorites');
  const grid = (items: readonly FavoriteImage[]) => (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
      {items.map((image) => (
        <ImageTile key={image.id} image={image} {...tileProps} />
      ))}
    </ul>
  );
  return (
    <div className="flex flex-col gap-4">
      <RadioGroup
        name="favorite-image-view"
        legend={t('images.view')}
        value={view}
        options={translatedOptions(viewOptions, t)}
        onChange={onViewChange}
      />
      {view === 'grid'
        ? grid(images)
        : groupBy(images, (image) => groupTitle[view](image, t)).map((group) => (
            <GroupSection
              key={group.title}
              title={group.title}
              userTitle={Boolean(group.items[0]?.work_title || group.items[0]?.episode_title)}
              count={group.items.length}
            >
              {grid(group.items)}
            </GroupSection>
          ))}
    </div>
  );
}

/** A picture with its checkbox, open and delete buttons; the caption shows on hover or focus. */
function ImageTile(props: {
  image: FavoriteImage;
  selection: FavoriteSelection;
  onDelete: (target: DeleteTarget) => void;
}) {
  const { image, selection, onDelete } = props;
  const { t } = useTranslation('favorites');
  const name = t('image', { id: image.image_id });
  const selected = selection.isSelected('image', image.id);
  return (
    <li
      className={`group relative aspect-video overflow-hidden rounded-md bg-slate-200 ring-offset-2 ${
        selected ? 'ring-3 ring-sky-500' : ''
      }`}
    >
      <img
        src={image.thumb_url}
        alt={name}
        loading="lazy"
        decoding="async"
        className="size-full object-cover"
      />
      <div className="absolute top-1 left-1 rounded bg-white/80 p-1">
        <SelectBox
          label={t('select', { name })}
          checked={selected}
          onChange={() => selection.toggle('image', image.id)}
        />
      </div>
      <div className="absolute top-1 right-1 flex gap-1">
        <a
          href={image.large_url}
          target="_blank"
          rel="noreferrer"
          aria-label={t('openNewTab', { name })}
          className="rounded bg-black/60 p-1 text-white hover:bg-black/80"
        >
          <ExternalLink aria-hidden className="size-4" />
        </a>
        <DeleteButton
          label={t('deleteItem', { name })}
          onClick={() => onDelete({ type: 'image', id: image.id, title: name })}
          className="bg-black/60 text-white hover:bg-red-600"
        />
      </div>
      <div className="pointer-events-none absolute inset-x-0 bottom-0 bg-black/60 px-2 py-1 text-xs text-white opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100">
        {image.work_title ? (
          <p className="truncate" data-user-content="">
            {image.work_title}
          </p>
        ) : (
          <p className="truncate">{t('unknownWork')}</p>
        )}
        {image.episode_title && (
          <p className="truncate" data-user-content="">
            {image.episode_title}
          </p>
        )}
        <p>ID {image.image_id}</p>
      </div>
    </li>
  );
}
