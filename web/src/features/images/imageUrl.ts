import type { ImageItem } from '@capshelf/contract';
import type { ImageSize } from '../selection';

/** The server's URL of an image at the chosen size, used as given (the cookie authorises it). */
export function imageUrl(image: ImageItem, size: ImageSize): string {
  return size === 'small' ? image.small_url : image.large_url;
}
