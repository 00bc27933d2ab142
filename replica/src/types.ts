/** The three media kinds fancaps serves; each has its own id ranges and hosts. */
export type Kind = 'anime' | 'tv' | 'movie';

/** Kinds organised as show → episodes (movies are a single gallery). */
export type ShowKind = Exclude<Kind, 'movie'>;

/** thumb ≈ grid thumbnail, small = compressed "view" image, large = original. */
export type ImageSize = 'thumb' | 'small' | 'large';

/** Which generation of thumbnail host names a work's pages use in `img src`. */
export type ThumbGeneration = 'old' | 'new';

export interface Episode {
  id: number;
  showId: number;
  label: string;
  labelSlug: string;
  /** In page order; usually one contiguous range, see KEY_IDS.nonContiguousEpisode. */
  imageIds: readonly number[];
  /** The 4 "Top Images" repeated on every episode page (also the show page previews). */
  topImageIds: readonly number[];
}

export interface Show {
  id: number;
  kind: ShowKind;
  title: string;
  altTitle: string;
  slug: string;
  thumbs: ThumbGeneration;
  episodes: readonly Episode[];
}

export interface Movie {
  id: number;
  title: string;
  slug: string;
  thumbs: ThumbGeneration;
  imageIds: readonly number[];
  /** The 3 search-result previews. */
  previewIds: readonly number[];
}

export interface ImageRef {
  kind: Kind;
  /** Show id or movie id. */
  workId: number;
  /** null for movies. */
  episodeId: number | null;
}
