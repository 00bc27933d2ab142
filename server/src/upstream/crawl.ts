import type { UrlBuilders } from './builders';
import type { FetchOptions } from './client-api';
import type { EpisodePage } from './parse/episode';
import { parseEpisodePage } from './parse/episode';
import type { ListingPage } from './parse/end';
import { isLastPage, listingIds } from './parse/end';
import type { MoviePage } from './parse/movie';
import { parseMoviePage } from './parse/movie';
import type { ShowEpisode, ShowPage } from './parse/show';
import { parseShowPage } from './parse/show';
import type { EpisodeRef, MovieRef, WorkRef } from './refs';

/** Anything that returns a page's HTML: the upstream client, or in-memory pages in tests. */
export interface PageSource {
  fetchPage(url: string, options?: FetchOptions): Promise<string>;
}

export interface CrawlContext {
  source: PageSource;
  urls: Pick<UrlBuilders, 'showPageUrl' | 'episodePageUrl' | 'moviePageUrl'>;
  signal?: AbortSignal;
  /** Stops a misbehaving listing from being walked forever. */
  maxPages?: number;
}

export const DEFAULT_MAX_PAGES = 1000;

/** Reads numbered pages of one listing; each URL is fetched at most once per crawl. */
export class PageReader<P extends ListingPage> {
  readonly #pages = new Map<string, Promise<P>>();

  constructor(
    private readonly context: CrawlContext,
    private readonly urlOf: (page: number) => string,
    private readonly parse: (html: string, options: { page: number }) => P,
  ) {}

  read(page: number): Promise<P> {
    const url = this.urlOf(page);
    let parsed = this.#pages.get(url);
    if (!parsed) {
      parsed = this.context.source
        .fetchPage(url, { signal: this.context.signal })
        .then((html) => this.parse(html, { page }));
      this.#pages.set(url, parsed);
    }
    return parsed;
  }

  get pagesFetched(): number {
    return this.#pages.size;
  }
}

export function unique(ids: Iterable<number>): number[] {
  return [...new Set(ids)];
}

/** Pages 1, 2, … up to the first one showing an end signal (included: its ids may be new). */
export async function walk<P extends ListingPage>(
  reader: PageReader<P>,
  maxPages: number,
): Promise<P[]> {
  const pages: P[] = [];
  const seen = new Set<number>();
  for (let page = 1; page <= maxPages; page += 1) {
    const parsed = await reader.read(page);
    const last = isLastPage(parsed, seen);
    pages.push(parsed);
    for (const id of listingIds(parsed)) seen.add(id);
    if (last) break;
  }
  return pages;
}

export interface ShowCrawl {
  title: string;
  altTitle: string | null;
  episodes: ShowEpisode[];
  pagesFetched: number;
}

/** Every page of a show's episodes (pages past the end are empty). */
export async function crawlShow(context: CrawlContext, ref: WorkRef): Promise<ShowCrawl> {
  const reader = new PageReader(
    context,
    (page) => context.urls.showPageUrl(ref, page),
    parseShowPage,
  );
  const pages = await walk(reader, context.maxPages ?? DEFAULT_MAX_PAGES);
  const episodes = new Map<number, ShowEpisode>();
  for (const episode of pages.flatMap((page) => page.episodes)) {
    if (!episodes.has(episode.id)) episodes.set(episode.id, episode);
  }
  const [first] = pages as [ShowPage];
  return {
    title: first.title,
    altTitle: first.altTitle,
    episodes: [...episodes.values()],
    pagesFetched: reader.pagesFetched,
  };
}

export interface EpisodeCrawl extends Omit<EpisodePage, 'pagination' | 'imageIds'> {
  imageIds: number[];
  pagesFetched: number;
}

/**
 * How far a crawl of an episode's or movie's images has come: what the first page said of it
 * (`meta`), the pages read and the ids they held, in page order. Kept by the caller as pages
 * arrive, so a crawl that failed midway resumes after its last page read.
 */
export interface ImageCrawlProgress<M> {
  meta: M;
  pagesRead: number;
  imageIds: number[];
  /** Pages the listing has at least (the pager's window); its page count once `done`. */
  pages: number;
  done: boolean;
}

export interface ImageCrawlOptions<M> {
  /** Progress of an earlier crawl that stopped; reading goes on after its last page. */
  resume?: ImageCrawlProgress<M> | null;
  /** Called after every page, before the next is asked for. */
  onProgress?: (progress: ImageCrawlProgress<M>) => Promise<void>;
}

/** Pages of images one by one, from page 1 or after the pages of `resume`, up to the end. */
async function walkImages<P extends EpisodePage | MoviePage, M>(
  reader: PageReader<P>,
  maxPages: number,
  metaOf: (first: P) => M,
  options: ImageCrawlOptions<M>,
): Promise<ImageCrawlProgress<M>> {
  const { resume } = options;
  if (resume?.done) return resume;
  const imageIds = [...(resume?.imageIds ?? [])];
  const seen = new Set(imageIds);
  let progress = resume ?? null;
  for (let page = (resume?.pagesRead ?? 0) + 1; page <= maxPages; page += 1) {
    const parsed = await reader.read(page);
    const last = isLastPage(parsed, seen) || page === maxPages;
    const before = imageIds.length;
    for (const id of parsed.imageIds) {
      if (!seen.has(id)) imageIds.push(id);
      seen.add(id);
    }
    // A page past the end (empty, or repeating) is read but is not one of the listing's pages.
    const counted = imageIds.length > before || page === 1 ? page : page - 1;
    progress = {
      meta: progress?.meta ?? metaOf(parsed),
      pagesRead: page,
      imageIds: [...imageIds],
      pages: last ? counted : Math.max(progress?.pages ?? 0, parsed.pagination.pagesAtLeast, page),
      done: last,
    };
    await options.onProgress?.(progress);
    if (last) break;
  }
  return progress!;
}

export type EpisodeMeta = Omit<EpisodeCrawl, 'imageIds' | 'pagesFetched'>;

export function episodeReader(context: CrawlContext, ref: EpisodeRef) {
  return new PageReader(
    context,
    (page) => context.urls.episodePageUrl(ref, page),
    parseEpisodePage,
  );
}

function episodeMeta(first: EpisodePage): EpisodeMeta {
  const { workTitle, title, label, work } = first;
  return { workTitle, title, label, work };
}

export function episodeCrawl(
  first: EpisodePage,
  imageIds: number[],
  pagesFetched: number,
): EpisodeCrawl {
  return { ...episodeMeta(first), imageIds, pagesFetched };
}

/** Every screencap of an episode, in page order. */
export async function crawlEpisode(
  context: CrawlContext,
  ref: EpisodeRef,
  options: ImageCrawlOptions<EpisodeMeta> = {},
): Promise<EpisodeCrawl> {
  const reader = episodeReader(context, ref);
  const maxPages = context.maxPages ?? DEFAULT_MAX_PAGES;
  const { meta, imageIds } = await walkImages(reader, maxPages, episodeMeta, options);
  return { ...meta, imageIds, pagesFetched: reader.pagesFetched };
}

export interface MovieMeta {
  title: string;
  year: number | null;
}

export interface MovieCrawl extends MovieMeta {
  imageIds: number[];
  pagesFetched: number;
}

/** Every image of a movie. Pages past the end repeat the last page, which the end signals catch. */
export async function crawlMovie(
  context: CrawlContext,
  ref: MovieRef,
  options: ImageCrawlOptions<MovieMeta> = {},
): Promise<MovieCrawl> {
  const reader = new PageReader(
    context,
    (page) => context.urls.moviePageUrl(ref, page),
    parseMoviePage,
  );
  const maxPages = context.maxPages ?? DEFAULT_MAX_PAGES;
  const metaOf = (first: MoviePage): MovieMeta => ({ title: first.title, year: first.year });
  const { meta, imageIds } = await walkImages(reader, maxPages, metaOf, options);
  return { ...meta, imageIds, pagesFetched: reader.pagesFetched };
}
