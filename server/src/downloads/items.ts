import type { DownloadSize, ZipContents } from '@capshelf/contract';
import type { ImageSize, Kind } from '../config';
import type { Directory } from '../catalog';
import {
  compressedLarge,
  imageIdOfPath,
  imageQueryOf,
  STORED_AS,
  zipContentsOf,
  type ImageSizes,
} from '../images';
import type { UrlBuilders, UrlModel } from '../upstream';

export interface DownloadItem {
  kind: Kind;
  id: number;
  size: ImageSize;
  /** `large` served from the compressed host (tasks stored before sizes were resolved at creation). */
  compressed: boolean;
}

const SIZES: ImageSize[] = ['thumb', 'small', 'large'];

/**
 * Turns the page's image URLs into ids. Only this server's image URLs and the source site's image
 * URLs are accepted; both become (kind, id, size), so nothing is ever fetched as given. Each size
 * is resolved here to what its host delivers (`ImageSizes`), so the archive's name can say it.
 */
export class DownloadItemParser {
  private readonly ownOrigin: string;

  constructor(
    private readonly deps: {
      urls: UrlModel;
      builders: UrlBuilders;
      directory: Directory;
      publicUrl: string;
      sizes: ImageSizes;
    },
  ) {
    this.ownOrigin = new URL(deps.publicUrl).origin;
  }

  /** `size`: every image at this size instead of the one its URL names. */
  async parse(
    urls: string[],
    size?: DownloadSize,
  ): Promise<{ items: DownloadItem[]; refused: string[]; contents: ZipContents }> {
    const items: DownloadItem[] = [];
    const delivered: DownloadSize[] = [];
    const refused: string[] = [];
    const seen = new Set<string>();
    for (const url of urls) {
      const asked = (await this.ownImage(url)) ?? (await this.upstreamImage(url));
      if (!asked) {
        refused.push(url);
        continue;
      }
      const gets = this.deps.sizes.delivered(asked.kind, size ?? asked.size, asked.compressed);
      const item = { kind: asked.kind, id: asked.id, size: STORED_AS[gets], compressed: false };
      const key = `${item.kind}:${item.id}:${item.size}`;
      if (!seen.has(key)) {
        items.push(item);
        delivered.push(gets);
      }
      seen.add(key);
    }
    return { items, refused, contents: zipContentsOf(delivered) };
  }

  private async ownImage(text: string): Promise<DownloadItem | null> {
    let url: URL;
    try {
      url = new URL(text, this.ownOrigin);
    } catch {
      return null;
    }
    const id = imageIdOfPath(url.pathname);
    if (url.origin !== this.ownOrigin || id === null || url.username || url.password) return null;
    const query = imageQueryOf(url.search.slice(1));
    if (!query) return null;
    const kind = query.kind ?? (await this.kindOf(id));
    return { kind, id, size: query.size, compressed: compressedLarge(query) };
  }

  private async upstreamImage(text: string): Promise<DownloadItem | null> {
    const ref = this.deps.urls.toRef(text);
    if (ref?.type !== 'image') return null;
    const kind = ref.kind ?? (await this.kindOf(ref.id));
    // The host says which size it serves; an unrecognised image host means the original.
    const size =
      SIZES.find((s) => this.deps.builders.imageUrl(s, kind, ref.id) === text) ?? 'large';
    return { kind, id: ref.id, size, compressed: false };
  }

  private async kindOf(id: number): Promise<Kind> {
    return (await this.deps.directory.kindOfImage(id)) ?? 'anime';
  }
}

/** `<prefix>_<id>.jpg`, unique within the archive (the same id of two kinds gets the kind too). */
export function entryNames(items: DownloadItem[], prefix: string): string[] {
  const used = new Set<string>();
  return items.map((item) => {
    let name = `${prefix}_${item.id}.jpg`;
    if (used.has(name)) name = `${prefix}_${item.id}_${item.kind}_${item.size}.jpg`;
    used.add(name);
    return name;
  });
}
