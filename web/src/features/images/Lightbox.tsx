import { useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { Dialog } from 'radix-ui';
import { ChevronLeft, ChevronRight, Download, ExternalLink } from 'lucide-react';
import { DialogCloseButton } from '../../components/DialogCloseButton';
import { useTranslation } from 'react-i18next';
import type { ImageItem } from '@capshelf/contract';
import { buttonClass } from '../../components/button';
import { useReturnFocus } from '../../lib/useReturnFocus';
import { FavoriteHeart, imageTarget, originOfImage, type ImageOrigins } from '../favorites';
import type { ImageSize } from '../selection';
import { imageUrl } from './imageUrl';
import { LargeImage } from './LargeImage';
import { FAVORITE_SLOT, useFavoriteShortcut } from './useFavoriteShortcut';

interface LightboxProps {
  images: readonly ImageItem[];
  /** Position in `images` of the picture shown; null when closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
  isSelected: (id: number) => boolean;
  onToggle: (image: ImageItem) => void;
  /** The size chosen on the screen: what the lightbox shows and opens. */
  size: ImageSize;
  origin?: ImageOrigins;
  /** The toggle's text when selecting means something else (the dataset review: keep / drop). */
  toggleLabel?: (selected: boolean) => string;
  /**
   * On close after moving to another picture, focus goes here with the index of the one viewed
   * last (its tile in the grid). Otherwise, and without it, focus goes back to what had it when
   * the lightbox opened (the tile or its zoom button).
   */
  onReturnFocus?: (index: number) => void;
}

/** How far (px) a finger travels sideways, more than up or down, for a swipe to turn the picture. */
const SWIPE_PX = 50;

/** The ‹ › buttons: beside the picture on a wider screen, under it on a phone (never over it). */
const turnClass =
  'row-start-2 self-center rounded-full bg-white/10 p-2 hover:bg-white/20 disabled:opacity-30 sm:row-start-1';

/**
 * One picture large, with ←/→ (or a swipe on a touch screen) through the grid as shown and the
 * selection toggle; under it, the picture's pixel and file size, 1:1 (actual pixels, scrolled or
 * dragged around) and the original's download.
 */
export function Lightbox(props: LightboxProps) {
  const { images, index, onIndexChange, isSelected, onToggle, size, origin } = props;
  const { t } = useTranslation('images');
  const returnFocus = useReturnFocus();
  const image = index === null ? undefined : images[index];
  const open = image !== undefined && index !== null;
  const go = (step: number) => {
    if (index === null) return;
    const next = index + step;
    if (next >= 0 && next < images.length) onIndexChange(next);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else return;
    event.preventDefault();
  };
  // A swipe: where the finger went down, compared with where it left.
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current =
      event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const dx = touch.clientX - start.x;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(touch.clientY - start.y)) {
      go(dx < 0 ? 1 : -1);
    }
  };
  // The pictures shown first and last, for the focus on close (the index is null by then).
  const shown = useRef<{ first: number; last: number } | null>(null);
  if (index !== null) shown.current = { first: shown.current?.first ?? index, last: index };
  const onCloseAutoFocus = (event: Event) => {
    const moved = shown.current && shown.current.last !== shown.current.first;
    const last = shown.current?.last ?? 0;
    shown.current = null;
    if (moved && props.onReturnFocus) {
      event.preventDefault();
      props.onReturnFocus(last);
    } else {
      returnFocus.onCloseAutoFocus(event);
    }
  };
  // Fit the window, or 1:1; back to fitting when the lightbox closes.
  const [actual, setActual] = useState(false);
  if (!open && actual) setActual(false);
  const selected = image ? isSelected(image.id) : false;
  const content = useRef<HTMLDivElement>(null);
  useFavoriteShortcut(content, open && origin !== undefined);

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onIndexChange(null)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/80" />
        <Dialog.Content
          ref={content}
          {...returnFocus}
          onCloseAutoFocus={onCloseAutoFocus}
          onKeyDown={onKeyDown}
          aria-describedby={undefined}
          className="fixed inset-4 z-50 flex flex-col gap-3 rounded-lg bg-slate-900 p-4 text-white outline-none"
        >
          {open && (
            <>
              <div className="flex flex-wrap items-center gap-3">
                <Dialog.Title className="text-lg font-semibold">
                  {t('image', { id: image.id })}
                </Dialog.Title>
                <span className="text-sm text-slate-300">
                  {index + 1} / {images.length}
                </span>
                <div className="ml-auto flex items-center gap-2">
                  {origin && (
                    <span {...FAVORITE_SLOT} className="contents">
                      <FavoriteHeart
                        target={imageTarget(image, originOfImage(origin, image))}
                        className="rounded p-2 text-white hover:bg-white/10"
                      />
                    </span>
                  )}
                  <button
                    type="button"
                    aria-pressed={selected}
                    className={buttonClass(selected ? 'primary' : 'onDark')}
                    onClick={() => onToggle(image)}
                  >
                    {props.toggleLabel?.(selected) ??
                      (selected ? t('lightbox.deselect') : t('lightbox.select'))}
                  </button>
                  <a
                    href={imageUrl(image, size)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={buttonClass('onDark')}
                  >
                    <ExternalLink aria-hidden className="size-4" />
                    {/* An icon alone on a phone: the label would wrap the toolbar. */}
                    <span className="sr-only sm:not-sr-only">{t('lightbox.openNewTab')}</span>
                  </a>
                  <DialogCloseButton label={t('lightbox.close')} look="onDark" />
                </div>
              </div>
              <div
                // At 1:1 a finger pans the picture; fitted, a sideways swipe turns it.
                onTouchStart={actual ? undefined : onTouchStart}
                onTouchEnd={actual ? undefined : onTouchEnd}
                className={`grid min-h-0 flex-1 grid-cols-[auto_minmax(0,1fr)_auto] grid-rows-[minmax(0,1fr)_auto] gap-2 ${
                  actual ? '' : 'touch-pan-y'
                }`}
              >
                <button
                  type="button"
                  aria-label={t('lightbox.previous')}
                  disabled={index === 0}
                  onClick={() => go(-1)}
                  className={`col-start-1 ${turnClass}`}
                >
                  <ChevronLeft aria-hidden className="size-6" />
                </button>
                <LargeImage
                  key={image.id}
                  image={image}
                  size={size}
                  actual={actual}
                  onActualChange={setActual}
                  className="col-span-3 col-start-1 row-start-1 sm:col-span-1 sm:col-start-2"
                  download={
                    <a
                      href={image.original_url}
                      download={`${image.id}.jpg`}
                      title={t('lightbox.download')}
                      className={buttonClass('onDark')}
                    >
                      <Download aria-hidden className="size-4" />
                      <span className="sr-only sm:not-sr-only">{t('lightbox.download')}</span>
                    </a>
                  }
                />
                <button
                  type="button"
                  aria-label={t('lightbox.next')}
                  disabled={index === images.length - 1}
                  onClick={() => go(1)}
                  className={`col-start-3 ${turnClass}`}
                >
                  <ChevronRight aria-hidden className="size-6" />
                </button>
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
