/** The three media kinds fancaps serves; each has its own id ranges and hosts. */
export type Kind = 'anime' | 'tv' | 'movie';

/** Kinds organised as show → episodes (movies are a single gallery). */
export type ShowKind = Exclude<Kind, 'movie'>;

/** thumb ≈ grid thumbnail, small = compressed "view" image, large = original. */
export type ImageSize = 'thumb' | 'small' | 'large';

/** Which generation of thumbnail host names a work's pages use in `img src`. */
export type ThumbGeneration = 'old' | 'new';
