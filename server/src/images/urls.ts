import type { ImageItem } from '@capshelf/contract';
import type { Kind } from '../config';

/**
 * This server's URLs for an image's three sizes. The small-CDN preference is part of the `large`
 * URL, so the browser's immutable cache can never hold the wrong variant after a switch.
 */
export function imageItem(kind: Kind, id: number, compressedForLarge: boolean): ImageItem {
  const base = `/api/images/${id}.jpg?kind=${kind}`;
  return {
    id,
    kind,
    thumb_url: `${base}&size=thumb`,
    small_url: `${base}&size=small`,
    large_url: compressedForLarge ? `${base}&size=large&cdn=small` : `${base}&size=large`,
  };
}

export const thumbUrl = (kind: Kind, id: number) => `/api/images/${id}.jpg?kind=${kind}&size=thumb`;
