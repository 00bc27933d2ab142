import type { DownloadSize, LegacyImageSize, ZipContents } from '@capshelf/contract';
import type { ImageSize, ImageUrlTemplates, Kind } from '../config';

/**
 * The one mapping of a requested size to what is delivered, used by every download path and by the
 * answer that tells the page what to offer (docs/api.md, "Sizes"). Whether a compressed host
 * exists is read from the templates: a 小图 template equal to the original's is no such host.
 */
export class ImageSizes {
  constructor(private readonly templates: ImageUrlTemplates) {}

  /** Whether `kind` has a compressed host of its own. */
  hasCompressed(kind: Kind): boolean {
    return this.templates.small[kind] !== this.templates.large[kind];
  }

  /** What the page may offer for `kind`, best first; never two names for one host. */
  offered(kind: Kind): DownloadSize[] {
    return this.hasCompressed(kind) ? ['original', 'compressed', 'thumb'] : ['original', 'thumb'];
  }

  /**
   * What a request delivers. Old words: `large` is the original unless it carries the small-CDN
   * flag (`cdn=small`); `small` and flagged `large` are the compressed host's. Where no compressed
   * host exists, compressed means the original (that is what the store fetches).
   */
  delivered(
    kind: Kind,
    requested: DownloadSize | LegacyImageSize,
    compressedForLarge = false,
  ): DownloadSize {
    if (requested === 'thumb') return 'thumb';
    const compressed =
      requested === 'compressed' ||
      requested === 'small' ||
      (requested === 'large' && compressedForLarge);
    return compressed && this.hasCompressed(kind) ? 'compressed' : 'original';
  }
}

/** The store's size a delivered size is kept and fetched as. */
export const STORED_AS: Record<DownloadSize, ImageSize> = {
  thumb: 'thumb',
  compressed: 'small',
  original: 'large',
};

/** What an archive of these items holds: their one delivered size, or `mixed`. */
export function zipContentsOf(sizes: DownloadSize[]): ZipContents {
  const distinct = new Set(sizes);
  return distinct.size === 1 ? sizes[0]! : distinct.size === 0 ? 'original' : 'mixed';
}
