import type { ImageSize } from '../config';

/**
 * Which sizes answer a request, best first. A small image falls back to the original (the same
 * picture) before the thumbnail; a thumbnail falls back to the original only when its host is
 * down (see `get`), never for an id the host does not have.
 */
export function sizeChain(wanted: ImageSize, compressedForLarge: boolean): ImageSize[] {
  if (wanted === 'thumb') return ['thumb', 'large'];
  if (wanted === 'small' || compressedForLarge) return ['small', 'large', 'thumb'];
  return ['large', 'small', 'thumb'];
}
