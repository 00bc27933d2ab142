import type { ImageSize, Kind, ThumbGeneration } from './types';

/** Every origin the replica listens on: one for pages, one per fancaps image host. */
export const HOST_NAMES = [
  'pages',
  'animethumbs',
  'tvthumbs',
  'moviethumbs',
  'ant',
  'tvt',
  'mvt',
  'ancdn',
  'tvcdn',
  'mvcdn',
  'cdni',
] as const;

export type HostName = (typeof HOST_NAMES)[number];

/** Hosts serving `/<id>.jpg` for a single kind and size. */
export type KindHostName = Exclude<HostName, 'pages' | 'cdni'>;

export const KIND_HOSTS: Record<KindHostName, { kind: Kind; size: ImageSize }> = {
  animethumbs: { kind: 'anime', size: 'thumb' },
  tvthumbs: { kind: 'tv', size: 'thumb' },
  moviethumbs: { kind: 'movie', size: 'thumb' },
  ant: { kind: 'anime', size: 'thumb' },
  tvt: { kind: 'tv', size: 'thumb' },
  mvt: { kind: 'movie', size: 'thumb' },
  ancdn: { kind: 'anime', size: 'small' },
  tvcdn: { kind: 'tv', size: 'small' },
  mvcdn: { kind: 'movie', size: 'small' },
};

export const THUMB_HOSTS: Record<Kind, Record<ThumbGeneration, KindHostName>> = {
  anime: { old: 'animethumbs', new: 'ant' },
  tv: { old: 'tvthumbs', new: 'tvt' },
  movie: { old: 'moviethumbs', new: 'mvt' },
};

export const SMALL_HOSTS: Record<Kind, KindHostName> = {
  anime: 'ancdn',
  tv: 'tvcdn',
  movie: 'mvcdn',
};

/** cdni serves originals of every kind; the bucket in the path tells them apart. */
export const CDNI_BUCKETS: Record<Kind, string> = {
  anime: 'fancaps-animeimages',
  tv: 'fancaps-tvimages',
  movie: 'fancaps-movieimages',
};
