import { ExternalLink } from 'lucide-react';
import type { FavoriteImage } from '@capshelf/contract';
import { RadioGroup } from '../../../components/RadioGroup';
import { DeleteButton, GroupSection, SelectBox, type DeleteTarget } from './controls';
import { groupBy } from './filter';
import type { FavoriteSelection } from './useFavoriteSelection';

export type ImageView = 'work' | 'episode' | 'grid';
const viewOptions = [
  { value: 'work', label: '按作品' },
  { value: 'episode', label: '按剧集' },
  { value: 'grid', label: '直接显示' },
] as const satisfies readonly { value: ImageView; label: string }[];

const workOf = (image: FavoriteImage) => image.work_title || '未知作品';
const groupTitle: Record<Exclude<ImageView, 'grid'>, (image: FavoriteImage) => string> = {
  work: workOf,
  episode: (image) => `${workOf(image)} - ${image.episode_title || '未知剧集'}`,
};

interface ImagesTabProps {
  images: readonly FavoriteImage[];
  view: ImageView;
  onViewChange: (view: ImageView) => void;
  selection: FavoriteSelection;
  onDelete: (target: DeleteTarget) => void;
}

export function ImagesTab({ images, view, onViewChange, ...tileProps }: ImagesTabProps) {
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
        legend="查看方式"
        value={view}
        options={viewOptions}
        onChange={onViewChange}
      />
      {view === 'grid'
        ? grid(images)
        : groupBy(images, groupTitle[view]).map((group) => (
            <GroupSection key={group.title} title={group.title} count={group.items.length}>
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
  const name = `图片 ${image.image_id}`;
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
          label={`选择 ${name}`}
          checked={selected}
          onChange={() => selection.toggle('image', image.id)}
        />
      </div>
      <div className="absolute top-1 right-1 flex gap-1">
        <a
          href={image.large_url}
          target="_blank"
          rel="noreferrer"
          aria-label={`在新标签页打开 ${name}`}
          className="rounded bg-black/60 p-1 text-white hover:bg-black/80"
        >
          <ExternalLink aria-hidden className="size-4" />
        </a>
        <DeleteButton
          label={`删除 ${name}`}
          onClick={() => onDelete({ type: 'image', id: image.id, title: name })}
          className="bg-black/60 text-white hover:bg-red-600"
        />
      </div>
      <div className="pointer-events-none absolute inset-x-0 bottom-0 bg-black/60 px-2 py-1 text-xs text-white opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100">
        <p className="truncate">{image.work_title || '未知作品'}</p>
        {image.episode_title && <p className="truncate">{image.episode_title}</p>}
        <p>ID {image.image_id}</p>
      </div>
    </li>
  );
}
