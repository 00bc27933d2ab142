import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { FavoriteImage, ImageItem } from '@capshelf/contract';
import { RadioGroup, translatedOptions } from '../../../components/RadioGroup';
import { ImageGrid, type ImageGridHandle } from '../../images/ImageGrid';
import { Lightbox } from '../../images/Lightbox';
import type { ImageSize } from '../../selection';
import type { ImageOrigin } from '../targets';
import { GroupSection } from './controls';
import { groupBy, withChineseName } from './filter';
import type { FavoriteSelection } from './useFavoriteSelection';

export type ImageView = 'work' | 'episode' | 'grid';
const viewOptions = [
  { value: 'work', label: 'images.byWork' },
  { value: 'episode', label: 'images.byEpisode' },
  { value: 'grid', label: 'images.grid' },
] as const satisfies readonly { value: ImageView; label: string }[];

type Titler = (image: FavoriteImage, t: TFunction<'favorites'>) => string;
const workOf: Titler = (image, t) =>
  withChineseName(image.work_title, image.work_chinese_name) || t('unknownWork');
const groupTitle: Record<Exclude<ImageView, 'grid'>, Titler> = {
  work: workOf,
  episode: (image, t) => `${workOf(image, t)} - ${image.episode_title || t('unknownEpisode')}`,
};

interface ImagesTabProps {
  images: readonly FavoriteImage[];
  view: ImageView;
  onViewChange: (view: ImageView) => void;
  selection: FavoriteSelection;
  /** What the lightbox shows and a tile's "open in new tab" opens. */
  size: ImageSize;
}

/** A favourite as the image screen's grid knows a picture. */
const itemOf = (image: FavoriteImage): ImageItem => ({
  id: image.image_id,
  kind: image.kind,
  thumb_url: image.thumb_url,
  small_url: image.small_url,
  large_url: image.large_url,
  original_url: image.original_url,
});

interface Group {
  title: string;
  userTitle: boolean;
  items: ImageItem[];
  /** Position of the group's first picture in the tab as shown (the lightbox's order). */
  offset: number;
}

/**
 * Favourite images in the image screen's grid, whole or grouped by work or episode: a click
 * selects, Shift-click selects the range, the keys and the lightbox work as there, across the
 * groups in the order shown. The heart on a tile removes the favourite.
 */
export function ImagesTab({ images, view, onViewChange, selection, size }: ImagesTabProps) {
  const { t } = useTranslation('favorites');
  const { groups, shown, byImage } = useMemo(() => {
    const sections =
      view === 'grid'
        ? [{ title: '', items: images }]
        : groupBy(images, (image) => groupTitle[view](image, t));
    let offset = 0;
    const grouped: Group[] = sections.map((section) => {
      const group = {
        title: section.title,
        userTitle: Boolean(section.items[0]?.work_title || section.items[0]?.episode_title),
        items: section.items.map(itemOf),
        offset,
      };
      offset += group.items.length;
      return group;
    });
    const favourites = new Map(images.map((image) => [image.image_id, image]));
    return { groups: grouped, shown: grouped.flatMap((group) => group.items), byImage: favourites };
  }, [images, view, t]);
  const order = useMemo(() => shown.map((item) => byImage.get(item.id)!.id), [shown, byImage]);
  const [zoomed, setZoomed] = useState<number | null>(null);
  const handles = useRef<(ImageGridHandle | null)[]>([]);

  const recordOf = (image: ImageItem) => byImage.get(image.id)!.id;
  const isSelected = (imageId: number) => {
    const favourite = byImage.get(imageId);
    return favourite !== undefined && selection.isSelected('image', favourite.id);
  };
  const onSelect = (image: ImageItem, shift: boolean) =>
    selection.click('image', recordOf(image), shift, order);
  const origin = (image: ImageItem): ImageOrigin => {
    const { work_title, work_id, episode_title, episode_id } = byImage.get(image.id)!;
    return { work_title, work_id, episode_title, episode_id };
  };
  // The tile of the picture viewed last, in whichever group it sits.
  const returnFocus = (index: number) => {
    const at = groups.findLastIndex((group) => group.offset <= index);
    handles.current[at]?.focus(index - (groups[at]?.offset ?? 0));
  };

  const grid = (group: Group, at: number) => (
    <ImageGrid
      images={group.items}
      columns="auto"
      size={size}
      isSelected={isSelected}
      onSelect={onSelect}
      onZoom={(index) => setZoomed(group.offset + index)}
      origin={origin}
      handle={(handle) => {
        handles.current[at] = handle;
      }}
    />
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
        ? groups[0] && grid(groups[0], 0)
        : groups.map((group, at) => (
            <GroupSection
              key={group.title}
              title={group.title}
              userTitle={group.userTitle}
              count={group.items.length}
            >
              {grid(group, at)}
            </GroupSection>
          ))}
      <Lightbox
        images={shown}
        index={zoomed}
        onIndexChange={setZoomed}
        isSelected={isSelected}
        onToggle={(image) => onSelect(image, false)}
        size={size}
        origin={origin}
        onReturnFocus={returnFocus}
      />
    </div>
  );
}
