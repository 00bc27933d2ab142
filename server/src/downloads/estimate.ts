import type { DownloadSize, LegacyImageSize, WorkDownloadEstimate } from '@capshelf/contract';
import type { CatalogService } from '../catalog';
import type { Config } from '../config';
import { STORED_AS, type ImageSizes, type ImageStore } from '../images';
import { TYPICAL_BYTES, type WorkTask } from './work';

/** The source's episode pages hold about this many images (a listing is read page by page). */
const IMAGES_PER_PAGE = 35;

type Pacing = Pick<Config['upstream'], 'pages' | 'thumbs' | 'full' | 'jitterMs'>;

/**
 * What a whole-work job would take, from what the server already holds: stored listings (never
 * read for the estimate), the image cache's rows, and the configured pacing. Shared data only:
 * the answer is the same for every user; the caller adds the user's own limit.
 */
export class WorkEstimator {
  constructor(
    private readonly deps: {
      catalog: CatalogService;
      store: ImageStore;
      sizes: ImageSizes;
      pacing: Pacing;
    },
  ) {}

  async estimate(
    work: Pick<WorkTask, 'work' | 'episodes'>,
    requested: DownloadSize | LegacyImageSize,
  ): Promise<Omit<WorkDownloadEstimate, 'limit_reached'>> {
    const kind = work.work.kind;
    const size = this.deps.sizes.delivered(kind, requested);
    const stored = STORED_AS[size];
    let known = 0;
    let images = 0;
    let cached = 0;
    let cachedBytes = 0;
    for (const episode of work.episodes) {
      const listing = await this.deps.catalog.episodeImagesIfStored(episode.ref);
      if (!listing) continue;
      known++;
      images += listing.imageIds.length;
      const found = await this.deps.store.storedMany(kind, listing.imageIds, stored);
      cached += found.size;
      for (const { image } of found.values()) cachedBytes += image.bytes;
    }
    const unknown = work.episodes.length - known;
    const total = known === 0 ? null : images + Math.round((images / known) * unknown);
    const perImage = cached > 0 ? cachedBytes / cached : TYPICAL_BYTES[stored];
    return {
      size,
      episodes: work.episodes.length,
      episodes_known: known,
      images: total,
      approximate: unknown > 0,
      cached_images: cached,
      bytes: total === null ? null : Math.round(total * perImage),
      seconds: total === null ? null : this.seconds(size, total - cached, total - images, unknown),
    };
  }

  /** Each lane's requests start a spacing (plus half the jitter, on average) apart. */
  private seconds(size: DownloadSize, toFetch: number, unlisted: number, unknown: number) {
    const { pages, thumbs, full, jitterMs } = this.deps.pacing;
    const gap = (spacingMs: number) => spacingMs + Math.min(jitterMs, spacingMs) / 2;
    const lane = size === 'thumb' ? thumbs : full;
    const listingPages = unknown + Math.ceil(unlisted / IMAGES_PER_PAGE);
    return Math.round((toFetch * gap(lane.spacingMs) + listingPages * gap(pages.spacingMs)) / 1000);
  }
}
