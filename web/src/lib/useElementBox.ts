import { useLayoutEffect, useState, type RefObject } from 'react';

/** Fallback width where layout is not measured (tests' happy-dom reports 0). */
const FALLBACK_WIDTH = 1024;

/**
 * An element's width and its distance from the top of the page, kept current on resize: what a
 * window-scrolled virtual list needs to size rows and to offset them.
 */
export function useElementBox(ref: RefObject<HTMLElement | null>, deps: readonly unknown[] = []) {
  const [box, setBox] = useState({ width: FALLBACK_WIDTH, top: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const rect = element.getBoundingClientRect();
      const next = { width: rect.width || FALLBACK_WIDTH, top: rect.top + window.scrollY };
      setBox((old) => (old.width === next.width && old.top === next.top ? old : next));
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    // Content above the element (notes, error boxes) moves it without resizing it.
    observer?.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref, ...deps]);
  return box;
}
