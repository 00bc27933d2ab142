import {
  MAX_PROGRESS_IMAGES,
  MAX_RANGE,
  type EpisodesResponse,
  type ImageCrawlResponse,
  type ImageItem,
  type ImageListResponse,
  type ResultType,
  type SearchResponse,
  type WorkChineseTitle,
} from '@capshelf/contract';
import type { Kind } from '../config';
import { badRequest } from '../errors';
import { imageItem, thumbUrl, type CachedImageRecords, type CdnPreferences } from '../images';
import { episodeLink, workLink, type UrlBuilders } from '../upstream';
import type { Cached } from './listing-cache';
import type {
  FoundByTitle,
  ImageCrawlStatus,
  ImageListing,
  SearchRecord,
  ShowListing,
  WorkNamer,
} from './listings';
import type { Directory } from './directory';

const RESULT_TYPE: Record<Kind, ResultType> = { anime: 'Anime', tv: 'TV', movie: 'Movie' };

/** A search as the page reads it: each result with its thumbnails and its link in the app. */
export function searchAnswer(
  found: Cached<SearchRecord[]>,
  builders: UrlBuilders,
  names: ReadonlyMap<string, string>,
): SearchResponse {
  const results = found.value.map((r) => ({
    ...searchResult(r, builders),
    chinese_name: names.get(`${r.kind}:${r.id}`) ?? null,
  }));
  return { results, total: results.length, cached: found.cached, fetched_at: found.fetchedAt };
}

/** A search by a Chinese or Japanese name: each result with the name that found it, and the works named. */
export function titleSearchAnswer(
  found: FoundByTitle,
  builders: UrlBuilders,
  names: ReadonlyMap<string, string>,
): SearchResponse {
  // Each result is marked with the name that led to it; a work no name led to, with its own.
  const results = found.records.map((r) => ({
    ...searchResult(r, builders),
    chinese_name:
      found.chineseNames.get(`${r.kind}:${r.id}`) ?? names.get(`${r.kind}:${r.id}`) ?? null,
    title_ref: found.refs.get(`${r.kind}:${r.id}`) ?? null,
  }));
  return {
    results,
    total: results.length,
    cached: found.cached,
    fetched_at: found.fetchedAt,
    title_matches: found.matches,
  };
}

function searchResult(r: SearchRecord, builders: UrlBuilders) {
  return {
    title: r.title,
    content_type: RESULT_TYPE[r.kind],
    url: r.url,
    year: r.year,
    kind: r.kind,
    id: r.id,
    preview_images: r.previewIds.map((id) => thumbUrl(r.kind, id)),
    link: workLink(builders, r.kind, r.id),
  };
}

/** A work's episodes, each with up to four thumbnails and the image count the cache knows. */
function episodesAnswer(
  show: Cached<ShowListing>,
  counts: Map<number, number>,
  builders: UrlBuilders,
  chineseTitle: WorkChineseTitle | null,
): EpisodesResponse {
  const { work } = show.value;
  const episodes = show.value.episodes.map((e) => ({
    id: e.id,
    title: e.label,
    url: e.url,
    episode_number: e.number,
    preview_images: e.previewIds.slice(0, 4).map((id) => thumbUrl(work.kind, id)),
    image_count: counts.get(e.id) ?? null,
    link: episodeLink(builders, work.kind, e.id),
  }));
  return {
    show_title: show.value.title,
    chinese_title: chineseTitle,
    work: { kind: work.kind, id: work.id },
    episodes,
    total: episodes.length,
    cached: show.cached,
    fetched_at: show.fetchedAt,
  };
}

/** The episode list as the page reads it: image counts from the directory, the Chinese name. */
export class EpisodeListAnswers {
  constructor(
    private readonly deps: { directory: Directory; builders: UrlBuilders; names: WorkNamer },
  ) {}

  async answer(show: Cached<ShowListing>): Promise<EpisodesResponse> {
    const { work, title } = show.value;
    const [counts, chineseTitle] = await Promise.all([
      this.deps.directory.imageCounts(work.kind, work.id),
      this.deps.names.titleOf({ kind: work.kind, id: work.id, title }),
    ]);
    return episodesAnswer(show, counts, this.deps.builders, chineseTitle);
  }
}

/** A listing that needed no source page: an id range or a sample of the cache. */
const fromCacheOnly = (images: ImageItem[], mode: 'range' | 'sample'): ImageListResponse => ({
  images,
  total: images.length,
  cached: true,
  episode_title: null,
  work_title: null,
  work: null,
  episode: null,
  mode,
  exact: true,
  fetched_at: null,
});

/**
 * Image listings as one user reads them: every image's URLs follow that user's CDN preference
 * (compressed copies for the large size when they chose the small CDN).
 */
export class ListingAnswers {
  constructor(
    private readonly deps: {
      cdn: CdnPreferences;
      records: CachedImageRecords;
      /** The works' Chinese names (`titles/`), beside the listing's work title. */
      names: WorkNamer;
    },
  ) {}

  /** The Chinese name of the listing's work (a movie's own). */
  private chineseTitle(listing: ImageListing) {
    const { work, workTitle } = listing;
    return work ? this.deps.names.titleOf({ ...work, title: workTitle ?? undefined }) : null;
  }

  private items(userId: number, kind: Kind, ids: readonly number[]): Promise<ImageItem[]> {
    return this.deps.cdn
      .usesSmallCdn(userId)
      .then((compressed) => ids.map((id) => imageItem(kind, id, compressed)));
  }

  async listing(
    userId: number,
    found: Cached<ImageListing>,
    mode: 'smart' | 'fast',
  ): Promise<ImageListResponse> {
    const { value } = found;
    return {
      images: await this.items(userId, value.kind, value.imageIds),
      total: value.imageIds.length,
      cached: found.cached,
      episode_title: value.episodeTitle,
      work_title: value.workTitle,
      work: value.work,
      episode: value.episode,
      chinese_title: await this.chineseTitle(value),
      mode,
      exact: value.exact,
      fetched_at: found.fetchedAt,
    };
  }

  /** A crawl's state with at most MAX_PROGRESS_IMAGES of its images from `offset` on. */
  async progress(
    userId: number,
    status: ImageCrawlStatus,
    offset: number,
  ): Promise<ImageCrawlResponse> {
    const { listing } = status;
    const shown = listing.imageIds.slice(offset, offset + MAX_PROGRESS_IMAGES);
    return {
      state: status.state,
      images: await this.items(userId, listing.kind, shown),
      offset,
      total: listing.imageIds.length,
      page: status.pagesRead,
      pages: status.pages,
      pages_at_least: status.pagesAtLeast,
      episode_title: listing.episodeTitle,
      work_title: listing.workTitle,
      work: listing.work,
      episode: listing.episode,
      chinese_title: await this.chineseTitle(listing),
      cached: status.cached,
      fetched_at: status.fetchedAt,
      error: status.error,
    };
  }

  /** Every id from `start` to `end` (at most MAX_RANGE), whether cached or not. */
  async range(userId: number, kind: Kind, start: number, end: number): Promise<ImageListResponse> {
    if (end < start) throw badRequest('end: 结束 ID 不能小于起始 ID');
    if (end - start + 1 > MAX_RANGE) throw badRequest(`end: 一次最多 ${MAX_RANGE} 张图片`);
    const ids = Array.from({ length: end - start + 1 }, (_, i) => start + i);
    return fromCacheOnly(await this.items(userId, kind, ids), 'range');
  }

  /** Up to `limit` cached images, any work. */
  async sample(userId: number, limit: number): Promise<ImageListResponse> {
    const rows = await this.deps.records.sample(limit);
    const compressed = await this.deps.cdn.usesSmallCdn(userId);
    return fromCacheOnly(
      rows.map((r) => imageItem(r.kind, r.id, compressed)),
      'sample',
    );
  }
}
