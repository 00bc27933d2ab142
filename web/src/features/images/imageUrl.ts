import type { ImageItem } from '@capshelf/contract';
import type { ImageSize } from '../selection';

/** An image's three URLs as the server answers them (listings and favourites alike). */
export type ImageUrls = Pick<ImageItem, 'thumb_url' | 'small_url' | 'large_url'>;

/**
 * The server's URL of an image at the chosen size, used as given (the cookie authorises it): the
 * compressed host's is `small_url`. A download also sends the size, so the server decides.
 */
export function imageUrl(image: ImageUrls, size: ImageSize): string {
  if (size === 'thumb') return image.thumb_url;
  return size === 'compressed' ? image.small_url : originalUrl(image.large_url);
}

/**
 * Under the small-CDN preference `large_url` carries `cdn=small` (the compressed copy); 原图
 * chosen on purpose means the original, so the flag goes.
 */
function originalUrl(largeUrl: string): string {
  const [path, query = ''] = largeUrl.split('?', 2);
  const params = new URLSearchParams(query);
  if (!params.has('cdn')) return largeUrl;
  params.delete('cdn');
  return `${path}?${params}`;
}
