import type { UrlBuilders } from './builders';
import type { FetchOptions } from './client-api';
import type { EpisodePage } from './parse/episode';
import { parseEpisodePage } from './parse/episode';
import type { ListingPage } from './parse/end';
import { endSignals, isLastPage, listingIds } from './parse/end';
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

const DEFAULT_MAX_PAGES = 1000;

/** Reads numbered pages of one listing; each URL is fetched at most once per crawl. */
class PageReader<P extends ListingPage> {
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

function unique(ids: Iterable<number>): number[] {
  return [...new Set(ids)];
}

/** Pages 1, 2, … up to the first one showing an end signal (included: its ids may be new). */
async function walk<P extends ListingPage>(reader: PageReader<P>, maxPages: number): Promise<P[]> {
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

function episodeReader(context: CrawlContext, ref: EpisodeRef) {
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

function episodeCrawl(first: EpisodePage, imageIds: number[], pagesFetched: number): EpisodeCrawl {
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

export interface FastEpisodeCrawl extends EpisodeCrawl {
  /** True only when the filled-in range is proven: see `crawlEpisodeFast`. */
  exact: boolean;
}

type Probe =
  | { at: 'inside' | 'last' | 'past' }
  // The site showed its last page instead of the one asked for: that page's number is known.
  | { at: 'clamped'; lastPage: number };

function isContiguous(ids: readonly number[]): boolean {
  return ids.every((id, i) => i === 0 || id === ids[i - 1]! + 1);
}

/**
 * An episode from a few pages: page 1, then the last page found by doubling the page number
 * until past the end and bisecting back (the pager only shows a 5-page window), then the ids in
 * between filled in when every page seen is an ascending run of consecutive ids. `exact` holds
 * when, besides, every page seen starts where "same count on every page" puts it and the total
 * matches. Ids that are not runs make it fall back to reading every page (then exact).
 */
export async function crawlEpisodeFast(
  context: CrawlContext,
  ref: EpisodeRef,
): Promise<FastEpisodeCrawl> {
  const maxPages = context.maxPages ?? DEFAULT_MAX_PAGES;
  const reader = episodeReader(context, ref);
  const first = await reader.read(1);
  const seen = new Set(first.imageIds);
  const valid = new Map<number, EpisodePage>([[1, first]]);

  if (isLastPage(first, new Set())) {
    return { ...episodeCrawl(first, first.imageIds, reader.pagesFetched), exact: true };
  }

  async function probe(pageNumber: number): Promise<Probe> {
    const page = await reader.read(pageNumber);
    const signals = endSignals(page, seen);
    const { activePage } = page.pagination;
    if (signals.includes('active-mismatch') && activePage !== null && activePage < pageNumber) {
      valid.set(activePage, page);
      return { at: 'clamped', lastPage: activePage };
    }
    if (
      signals.includes('empty') ||
      signals.includes('no-new-ids') ||
      signals.includes('active-mismatch')
    ) {
      return { at: 'past' };
    }
    valid.set(pageNumber, page);
    for (const id of page.imageIds) seen.add(id);
    return { at: signals.includes('no-next') ? 'last' : 'inside' };
  }

  let inside = 1;
  let past: number | null = null;
  let lastPage: number | null = null;
  while (lastPage === null && (past === null ? inside < maxPages : past - inside > 1)) {
    const target: number =
      past === null ? Math.min(inside * 2, maxPages) : Math.floor((inside + past) / 2);
    const result = await probe(target);
    if (result.at === 'inside') inside = target;
    else if (result.at === 'past') past = target;
    else lastPage = result.at === 'clamped' ? result.lastPage : target;
  }
  lastPage ??= inside;
  // Every way of settling on the last page has read it already.
  const last = valid.get(lastPage)!;

  const known = [...valid.entries()].sort(([a], [b]) => a - b).map(([, page]) => page.imageIds);
  const runs = known.every(
    (ids, i) => ids.length > 0 && isContiguous(ids) && (i === 0 || ids[0]! > known[i - 1]!.at(-1)!),
  );
  if (!runs) {
    const pages = await walk(reader, maxPages);
    return {
      ...episodeCrawl(first, unique(pages.flatMap((page) => page.imageIds)), reader.pagesFetched),
      exact: true,
    };
  }

  const start = first.imageIds[0]!;
  const end = last.imageIds.at(-1)!;
  const perPage = first.imageIds.length;
  const imageIds = Array.from({ length: end - start + 1 }, (_, i) => start + i);
  const exact =
    imageIds.length === perPage * (lastPage - 1) + last.imageIds.length &&
    [...valid].every(([number, page]) => page.imageIds[0] === start + perPage * (number - 1));
  return { ...episodeCrawl(first, imageIds, reader.pagesFetched), exact };
}
