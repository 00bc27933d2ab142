import { useCallback, useEffect, useState } from 'react';
import { imageQueue, type ImageTicket } from './imageQueue';

/** Images this close to the viewport count as on screen (they are a short scroll away). */
const NEAR_VIEWPORT = '150px';

/**
 * An image loaded through the page's one image queue (see imageQueue): it asks for its turn only
 * while its element is on screen, ranked top to bottom, left to right, and gives up its place
 * when it scrolls away before its turn. Returns the `src` to render once the turn came (undefined
 * before), the element ref to watch, and `settled` for the image's load or error event.
 * `urgent` skips the viewport check and goes first (the lightbox).
 */
export function useQueuedImage(src: string, urgent = false) {
  const [element, setElement] = useState<Element | null>(null);
  const [granted, setGranted] = useState<string | undefined>(undefined);
  const [ticket, setTicket] = useState<ImageTicket | null>(null);

  useEffect(() => {
    let current: ImageTicket | null = null;
    let started = false;
    const ask = (rank: number) => {
      if (current) return;
      current = imageQueue.enqueue(
        rank,
        () => {
          started = true;
          setGranted(src);
        },
        urgent,
      );
      setTicket(current);
    };
    const drop = () => {
      if (!current || started) return;
      current.cancel();
      current = null;
    };
    if (urgent || typeof IntersectionObserver === 'undefined') {
      ask(0);
    } else if (element) {
      const observer = new IntersectionObserver(
        (entries) => {
          const entry = entries[entries.length - 1]!;
          const box = entry.boundingClientRect;
          if (entry.isIntersecting) ask(Math.round(box.top) * 10_000 + Math.round(box.left));
          else drop();
        },
        { rootMargin: NEAR_VIEWPORT },
      );
      observer.observe(element);
      return () => {
        observer.disconnect();
        current?.cancel();
      };
    }
    return () => current?.cancel();
  }, [element, src, urgent]);

  const settled = useCallback(() => ticket?.done(), [ticket]);
  return { ref: setElement, src: granted === src ? src : undefined, settled };
}
