import { api, IMAGE_FILE, ImageBytesQuery, type ImageItem } from '@capshelf/contract';
import { parse as parseQuery } from 'fast-querystring';
import type { Kind } from '../config';
import type { StoredImage } from './files';

/**
 * This server's image URL, `/api/images/{id}.jpg?kind=&size=&cdn=`: built, parsed and cached by
 * the browser as this module says, for the image route, its fast path and the download parser.
 */
export const IMAGE_PATH_PREFIX = api.images.file.path.slice(0, -':file'.length);

/**
 * This server's URLs for an image's three sizes. The small-CDN preference is part of the `large`
 * URL, so the browser's immutable cache can never hold the wrong variant after a switch.
 */
export function imageItem(kind: Kind, id: number, compressedForLarge: boolean): ImageItem {
  const base = `${IMAGE_PATH_PREFIX}${id}.jpg?kind=${kind}`;
  return {
    id,
    kind,
    thumb_url: `${base}&size=thumb`,
    small_url: `${base}&size=small`,
    large_url: compressedForLarge ? `${base}&size=large&cdn=small` : `${base}&size=large`,
    original_url: `${base}&size=large`,
  };
}

export const thumbUrl = (kind: Kind, id: number) => imageItem(kind, id, false).thumb_url;

/** The id of a file name that passed `IMAGE_FILE` (the contract's `{id}.jpg`). */
export const idOfImageFile = (file: string) => Number(file.slice(0, -'.jpg'.length));

/** The id in an image URL's path, or null when the path is not one of this server's images. */
export function imageIdOfPath(pathname: string): number | null {
  if (!pathname.startsWith(IMAGE_PATH_PREFIX)) return null;
  const file = pathname.slice(IMAGE_PATH_PREFIX.length);
  return IMAGE_FILE.test(file) ? idOfImageFile(file) : null;
}

const REMEMBERED_QUERIES = 256;
/** A grid asks with a handful of query strings over and over: each is parsed once (null: not valid). */
const queries = new Map<string, ImageBytesQuery | null>();

/** An image URL's query string (without `?`) parsed as the image route parses it, or null if invalid. */
export function imageQueryOf(search: string): ImageBytesQuery | null {
  let query = queries.get(search);
  if (query === undefined) {
    const parsed = ImageBytesQuery.safeParse(parseQuery(search));
    query = parsed.success ? parsed.data : null;
    if (queries.size >= REMEMBERED_QUERIES) queries.clear();
    queries.set(search, query);
  }
  return query;
}

/** `large` asked with the small-CDN preference comes from the compressed host. */
export const compressedLarge = (query: ImageBytesQuery) =>
  query.size === 'large' && query.cdn === 'small';

/** The bytes behind an id never change: the browser keeps them and revalidates by ETag only if it must. */
const IMAGE_CACHE_CONTROL = 'private, max-age=31536000, immutable';

/** An image answer's caching headers as a flat name/value list, the form Node takes fastest. */
export function imageCachingHeaderList(image: StoredImage): string[] {
  return ['cache-control', IMAGE_CACHE_CONTROL, 'etag', image.etag, 'x-image-size', image.size];
}

export function imageCachingHeaders(image: StoredImage): Record<string, string> {
  const list = imageCachingHeaderList(image);
  const headers: Record<string, string> = {};
  for (let i = 0; i < list.length; i += 2) headers[list[i]!] = list[i + 1]!;
  return headers;
}
