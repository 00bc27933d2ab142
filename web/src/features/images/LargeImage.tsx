import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type PointerEvent,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageItem } from '@capshelf/contract';
import { useQueuedImage } from '../../lib/useQueuedImage';
import { formatBytes } from '../downloads/size';
import type { ImageSize } from '../selection';
import { imageUrl } from './imageUrl';

interface LargeImageProps {
  image: ImageItem;
  size: ImageSize;
  /** 1:1: one image pixel per CSS pixel, scrolled (or dragged) around; else fitted to the box. */
  actual: boolean;
  onActualChange: (actual: boolean) => void;
  /** The picture's grid cell in the lightbox. */
  className: string;
  /** The lightbox's download link, shown with the picture's facts. */
  download: ReactNode;
}

interface Facts {
  width: number;
  height: number;
  /** The file's bytes, once known (null: the server did not say). */
  bytes?: number | null;
}

/**
 * The opened image, ahead of every grid image waiting in the page's image queue, and under it
 * (the lightbox's second grid row) its size name, pixel size and file size, the 1:1 toggle and
 * the download.
 */
export function LargeImage(props: LargeImageProps) {
  const { image, size, actual, onActualChange, className } = props;
  const { t, i18n } = useTranslation('images');
  const src = imageUrl(image, size);
  const queued = useQueuedImage(src, true);
  const [facts, setFacts] = useState<Facts | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const pan = usePan(viewport);

  const loaded = (event: SyntheticEvent<HTMLImageElement>) => {
    queued.settled();
    const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
    setFacts({ width, height });
  };
  // The file's size, once the picture is in: no second download of it.
  const known = facts !== null;
  useEffect(() => {
    if (!known) return;
    const controller = new AbortController();
    void imageBytes(src, controller.signal).then(
      (bytes) => setFacts((current) => current && { ...current, bytes }),
      () => undefined,
    );
    return () => controller.abort();
  }, [known, src]);

  // 1:1 opens on the middle of the picture, as it was seen fitted.
  useLayoutEffect(() => {
    const box = viewport.current;
    if (!actual || !box || !known) return;
    box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2;
    box.scrollTop = (box.scrollHeight - box.clientHeight) / 2;
  }, [actual, known]);

  const details = [t(`downloads:size.${size}`)];
  if (facts) details.push(t('lightbox.pixels', { width: facts.width, height: facts.height }));
  if (facts?.bytes) details.push(formatBytes(facts.bytes, i18n.language));

  return (
    <>
      <div
        ref={viewport}
        {...(actual ? pan : {})}
        className={`${className} flex min-h-0 min-w-0 ${
          actual ? 'cursor-grab overflow-auto active:cursor-grabbing' : 'overflow-hidden'
        }`}
      >
        {queued.src && (
          <img
            src={queued.src}
            alt={t('image', { id: image.id })}
            onLoad={loaded}
            onError={queued.settled}
            draggable={false}
            className={actual ? 'm-auto max-w-none shrink-0' : 'size-full object-contain'}
          />
        )}
      </div>
      <div className="col-start-2 row-start-2 flex flex-wrap items-center justify-center gap-x-3 gap-y-1 text-sm">
        <span data-testid="image-facts" className="text-slate-300">
          {details.join(' · ')}
        </span>
        <button
          type="button"
          aria-pressed={actual}
          aria-label={t('lightbox.actualSize')}
          title={actual ? t('lightbox.fit') : t('lightbox.actualSize')}
          onClick={() => onActualChange(!actual)}
          className={`rounded px-2 py-1 font-mono text-sm font-semibold ${
            actual ? 'bg-sky-600 text-white' : 'border border-white/40 hover:bg-white/10'
          }`}
        >
          1:1
        </button>
        {props.download}
      </div>
    </>
  );
}

/**
 * The picture's file size without fetching it again: the browser's resource timing of its load
 * when it has one (same origin, so the body size is given), else the image route's HEAD, which
 * answers the length without the bytes.
 */
async function imageBytes(src: string, signal: AbortSignal): Promise<number | null> {
  const timed = resourceTiming(src);
  if (timed) return timed.encodedBodySize;
  const answer = await fetch(src, { method: 'HEAD', signal });
  const length = Number(answer.headers.get('content-length'));
  return answer.ok && length > 0 ? length : null;
}

/** The browser's timing of the picture's load with its body size, if it kept one. */
function resourceTiming(src: string): PerformanceResourceTiming | undefined {
  try {
    const href = new URL(src, document.baseURI).href;
    const entries = performance.getEntriesByName(href, 'resource') as PerformanceResourceTiming[];
    return entries.findLast((entry) => entry.encodedBodySize > 0);
  } catch {
    return undefined;
  }
}

/** At 1:1, a mouse drags the picture around (a finger scrolls it natively). */
function usePan(viewport: RefObject<HTMLDivElement | null>) {
  const start = useRef<{ x: number; y: number; left: number; top: number } | null>(null);
  return {
    onPointerDown: (event: PointerEvent) => {
      const box = viewport.current;
      if (!box || event.pointerType !== 'mouse' || event.button !== 0) return;
      start.current = {
        x: event.clientX,
        y: event.clientY,
        left: box.scrollLeft,
        top: box.scrollTop,
      };
      box.setPointerCapture?.(event.pointerId);
    },
    onPointerMove: (event: PointerEvent) => {
      const box = viewport.current;
      const from = start.current;
      if (!box || !from) return;
      box.scrollLeft = from.left - (event.clientX - from.x);
      box.scrollTop = from.top - (event.clientY - from.y);
    },
    onPointerUp: () => {
      start.current = null;
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}
