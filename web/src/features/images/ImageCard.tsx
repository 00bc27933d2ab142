import { memo, useState, type MouseEvent } from 'react';
import { Check, ExternalLink, ImageOff, ZoomIn } from 'lucide-react';
import type { ImageItem } from '@capshelf/contract';
import { useQueuedImage } from '../../lib/useQueuedImage';
import { FavoriteHeart, imageTarget, originOfImage, type ImageOrigins } from '../favorites';
import type { ImageSize } from '../selection';
import { imageUrl } from './imageUrl';

/** Spec: the first 20 images load at once, the rest when the browser thinks they are needed. */
export const EAGER_IMAGES = 20;

interface ImageCardProps {
  image: ImageItem;
  index: number;
  size: ImageSize;
  selected: boolean;
  onSelect: (image: ImageItem, shift: boolean) => void;
  onZoom: (index: number) => void;
  /** Where the list's images come from, for the favourite heart; no heart without it. */
  origin?: ImageOrigins;
  /** The work and episode under the picture, where the list mixes them. */
  caption?: string;
}

type LoadStatus = 'loading' | 'loaded' | 'error';

/** One grid cell: the picture as a selection toggle, with id badge, zoom and open-in-new-tab. */
export const ImageCard = memo(function ImageCard(props: ImageCardProps) {
  const { image, index, size, selected, onSelect, onZoom, origin, caption } = props;
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

  const select = (event: MouseEvent) => {
    // Keep SHIFT-click from selecting page text.
    if (event.shiftKey) window.getSelection()?.removeAllRanges();
    onSelect(image, event.shiftKey);
  };

  return (
    <div
      className={`group relative aspect-video overflow-hidden rounded-md bg-slate-200 ring-offset-2 ${
        selected ? 'ring-3 ring-sky-500' : ''
      }`}
    >
      <button
        type="button"
        data-image-id={image.id}
        aria-pressed={selected}
        aria-label={`图片 ${image.id}`}
        onClick={select}
        ref={queued.ref}
        className="absolute inset-0 size-full cursor-pointer select-none"
      >
        {current !== 'error' && queued.src && (
          <img
            src={queued.src}
            alt={`图片 ${image.id}`}
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
            图片加载失败
          </span>
        )}
        <span className="absolute inset-x-1 bottom-1 flex gap-1 text-xs text-white">
          <span className="shrink-0 rounded bg-black/60 px-1.5 py-0.5">{image.id}</span>
          {caption && (
            <span title={caption} className="truncate rounded bg-black/60 px-1.5 py-0.5">
              {caption}
            </span>
          )}
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
      <div className="absolute top-1 right-1 flex gap-1 opacity-80 group-hover:opacity-100">
        {origin && (
          <FavoriteHeart
            target={imageTarget(image, originOfImage(origin, image))}
            className="rounded bg-black/60 p-1 text-white hover:bg-black/80 [&_svg]:size-4"
          />
        )}
        <button
          type="button"
          aria-label="放大查看"
          onClick={() => onZoom(index)}
          className="rounded bg-black/60 p-1 text-white hover:bg-black/80"
        >
          <ZoomIn aria-hidden className="size-4" />
        </button>
        <a
          href={imageUrl(image, size)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="在新标签页打开"
          className="rounded bg-black/60 p-1 text-white hover:bg-black/80"
        >
          <ExternalLink aria-hidden className="size-4" />
        </a>
      </div>
    </div>
  );
});
