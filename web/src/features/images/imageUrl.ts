import type { ImageItem } from '@capshelf/contract';
import type { ImageSize } from '../selection';

/** An image's URLs as the server answers them (listings and favourites alike). */
export type ImageUrls = Pick<ImageItem, 'thumb_url' | 'small_url' | 'original_url'>;

/**
 * The server's URL of an image at the chosen size, used as given (the cookie authorises it): the
 * compressed host's is `small_url`, and 原图 is the original even under the small-CDN preference.
 * A download also sends the size, so the server decides.
 */
export function imageUrl(image: ImageUrls, size: ImageSize): string {
  if (size === 'thumb') return image.thumb_url;
  return size === 'compressed' ? image.small_url : image.original_url;
}
