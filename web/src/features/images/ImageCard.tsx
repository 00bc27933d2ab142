import { memo, useState, type MouseEvent } from 'react';
import { Check, ExternalLink, ImageOff, RotateCw, ZoomIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ImageItem } from '@capshelf/contract';
import { useQueuedImage } from '../../lib/useQueuedImage';
import { FavoriteHeart, imageTarget, originOfImage, type ImageOrigins } from '../favorites';
import type { ImageSize } from '../selection';
import { imageUrl } from './imageUrl';
import { GRID_INDEX_ATTR, tileFocus } from './useGridKeyboard';

/** Spec: the first 20 images load at once, the rest when the browser thinks they are needed. */
export const EAGER_IMAGES = 20;
/** Height of the compact action row under the picture (the grid sizes its rows with it). */
export const ACTION_ROW_PX = 36;
/**
 * Height of the caption under the picture: two lines of small text, three on a phone's narrow
 * tiles, so a work and episode title stays whole at the column counts offered.
 */
export const CAPTION_ROW_PX = 36;
export const COMPACT_CAPTION_ROW_PX = 52;

interface ImageCardProps {
  image: ImageItem;
  index: number;
  /** The grid's tab stop (roving tabindex): the other tiles are reached with the arrows. */
  tabbable?: boolean;
  size: ImageSize;
  selected: boolean;
  onSelect: (image: ImageItem, shift: boolean) => void;
  onZoom: (index: number) => void;
  /** Where the list's images come from, for the favourite heart; no heart without it. */
  origin?: ImageOrigins;
  /** The work and episode under the picture, where the list mixes them. */
  caption?: string;
  /**
   * Phones: the heart, zoom and new-tab buttons sit in a row under the picture, so the whole
   * picture is the tap target; on a desktop they float over its corner.
   */
  compact?: boolean;
}

type LoadStatus = 'loading' | 'loaded' | 'error';

const floatingAction = 'rounded bg-black/60 p-1 text-white hover:bg-black/80 [&_svg]:size-4';
const rowAction = 'rounded p-1.5 text-slate-600 hover:bg-slate-200 [&_svg]:size-4';

/**
 * One grid cell: the picture as a selection toggle, with id badge, zoom and open-in-new-tab, and
 * under it the caption of a list that mixes works (or the review's decision).
 */
export const ImageCard = memo(function ImageCard(props: ImageCardProps) {
  const { image, index, tabbable, size, selected, onSelect, onZoom, origin, caption, compact } =
    props;
  const { t } = useTranslation('images');
  // The grid shows thumbnails, as the source site's own grid does: light for the browser and one
  // small request upstream. The chosen size is what opens, zooms and downloads.
  const src = image.thumb_url;
  const [status, setStatus] = useState<{ src: string; value: LoadStatus }>({
    src,
    value: 'loading',
  });
  const current = status.src === src ? status.value : 'loading';
  // Loaded through the page's image queue: on-screen cards first, a few at a time.
  const queued = useQueuedImage(src);
  const settle = (value: LoadStatus) => {
    queued.settled();
    setStatus({ src, value });
  };
  // A fresh <img> per retry: a failed answer is not cached, so the browser asks again.
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    setAttempt((n) => n + 1);
    setStatus({ src, value: 'loading' });
  };

  const select = (event: MouseEvent) => {
    // Keep SHIFT-click from selecting page text.
    if (event.shiftKey) window.getSelection()?.removeAllRanges();
    onSelect(image, event.shiftKey);
  };

  const action = compact ? rowAction : floatingAction;
  const actions = (
    <div
      className={
        compact
          ? 'flex h-9 shrink-0 items-center justify-end gap-1'
          : 'absolute top-1 right-1 flex gap-1 opacity-80 group-hover:opacity-100'
      }
    >
      {origin && (
        <FavoriteHeart
          target={imageTarget(image, originOfImage(origin, image))}
          className={action}
        />
      )}
      <button
        type="button"
        aria-label={t('card.zoom')}
        onClick={() => onZoom(index)}
        className={action}
      >
        <ZoomIn aria-hidden />
      </button>
      <a
        href={imageUrl(image, size)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('card.openNewTab')}
        className={action}
      >
        <ExternalLink aria-hidden />
      </a>
    </div>
  );

  const picture = (
    <div
      className={`group relative aspect-video overflow-hidden rounded-md bg-slate-200 ring-offset-2 ${
        selected ? 'ring-3 ring-sky-500' : ''
      }`}
    >
      <button
        type="button"
        data-image-id={image.id}
        {...{ [GRID_INDEX_ATTR]: index }}
        tabIndex={tabbable ? 0 : -1}
        aria-pressed={selected}
        aria-label={t('image', { id: image.id })}
        onClick={select}
        ref={queued.ref}
        className={`absolute inset-0 size-full cursor-pointer touch-manipulation select-none ${tileFocus}`}
      >
        {current !== 'error' && queued.src && (
          <img
            key={attempt}
            src={queued.src}
            alt={t('image', { id: image.id })}
            loading={index < EAGER_IMAGES ? 'eager' : 'lazy'}
            decoding="async"
            draggable={false}
            onLoad={() => settle('loaded')}
            onError={() => settle('error')}
            className={`size-full object-cover transition-opacity ${
              current === 'loaded' ? 'opacity-100' : 'opacity-0'
            }`}
          />
        )}
        {current === 'loading' && (
          <span className="absolute inset-0 animate-pulse bg-slate-200" aria-hidden />
        )}
        {current === 'error' && (
          <span className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-red-50 text-xs text-red-600">
            <ImageOff aria-hidden className="size-5" />
            {t('card.loadFailed')}
          </span>
        )}
        <span className="absolute bottom-1 left-1 rounded bg-black/60 px-1.5 py-0.5 text-xs text-white">
          {image.id}
        </span>
        {selected && (
          <span
            className="absolute top-1 left-1 rounded-full bg-sky-500 p-0.5 text-white"
            aria-hidden
          >
            <Check className="size-4" />
          </span>
        )}
      </button>
      {current === 'error' && (
        <button
          type="button"
          aria-label={t('card.reload', { id: image.id })}
          onClick={retry}
          className="absolute top-1 left-1 flex items-center gap-1 rounded bg-white/90 px-1.5 py-0.5 text-xs text-red-700 shadow hover:bg-white"
        >
          <RotateCw aria-hidden className="size-3" />
          {t('card.retry')}
        </button>
      )}
      {!compact && actions}
    </div>
  );

  // Under the picture, not over it beside the id: on a narrow tile it keeps two whole lines.
  const captionRow = caption && (
    <p
      title={caption}
      data-user-content=""
      className={`mt-1 text-xs leading-4 break-words text-slate-600 ${
        compact ? 'line-clamp-3 h-12' : 'line-clamp-2 h-8'
      }`}
    >
      {caption}
    </p>
  );
  return compact || captionRow ? (
    <div className="flex min-w-0 flex-col">
      {picture}
      {captionRow}
      {compact && actions}
    </div>
  ) : (
    picture
  );
});
