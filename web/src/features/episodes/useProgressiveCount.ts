import { useCallback, useEffect, useRef, useState } from 'react';

export const REVEAL_DELAY_MS = 500;

/**
 * How many items of a long list to show: `step` at first, `step` more 500 ms after a load-more
 * click or the sentinel scrolling into view. Starts over when `resetKey` changes.
 */
export function useProgressiveCount(total: number, step: number, resetKey: string) {
  const [count, setCount] = useState(step);
  const [loading, setLoading] = useState(false);
  const [seenKey, setSeenKey] = useState(resetKey);
  if (seenKey !== resetKey) {
    setSeenKey(resetKey);
    setCount(step);
    setLoading(false);
  }
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A reset or unmount cancels a reveal in flight.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      timer.current = undefined;
    },
    [resetKey],
  );

  const hasMore = count < total;
  const loadMore = useCallback(() => {
    if (!hasMore || timer.current !== undefined) return;
    setLoading(true);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      setCount((shown) => shown + step);
      setLoading(false);
    }, REVEAL_DELAY_MS);
  }, [hasMore, step]);

  // Scroll loading: reveal more when the element after the list comes near the viewport.
  const [sentinel, setSentinel] = useState<Element | null>(null);
  useEffect(() => {
    if (!sentinel || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: '200px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, hasMore, loadMore]);

  return { count: Math.min(count, total), hasMore, loading, loadMore, sentinelRef: setSentinel };
}
