import type { ContentType, MovieNoEpisodesDetail } from '@capshelf/contract';
import type { Config, Kind } from '../config';
import { AppError, badRequest } from '../errors';
import type {
  EpisodeCrawl,
  EpisodeMeta,
  EpisodeRef,
  MovieCrawl,
  MovieMeta,
  MovieRef,
  PageSource,
  UpstreamClient,
  UrlBuilders,
  UrlModel,
} from '../upstream';
import {
  crawlEpisode,
  crawlEpisodeFast,
  crawlMovie,
  crawlShow,
  FetchPriority,
  parseSearchPage,
  workLink,
} from '../upstream';
import type { CrawlProgressStore } from './crawl-progress';
import { CrawlRuns, crawlStatusOf, listingSoFar } from './crawl-runs';
import type { Directory } from './directory';
import type { Cached, ListingCache } from './listing-cache';
import {
  listingKey,
  type ImageCrawlStatus,
  type ImageListing,
  type ListingMeta,
  type SearchRecord,
  type ShowListing,
} from './listings';

const SEARCH_KINDS: Record<ContentType, Kind[]> = {
  all: ['anime', 'tv', 'movie'],
  anime: ['anime'],
  tv: ['tv'],
  movies: ['movie'],
};

const hasItems = (list: { length: number }) => list.length > 0;

/**
 * A crawl's first answer waits this long at most for page 1 (read at once unless another crawl
 * holds the page lane): it is what the user waits for, and it saves the page a round of polling.
 */
const FIRST_PAGE_WAIT_MS = 1500;

/** Search, episode lists and episode images: cached answers over the one upstream client. */
export class CatalogService {
  private readonly runs: CrawlRuns;

  constructor(
    private readonly deps: {
      config: Config;
      client: UpstreamClient;
      urls: UrlModel;
      builders: UrlBuilders;
      cache: ListingCache;
      directory: Directory;
      progress: CrawlProgressStore;
    },
  ) {
    this.runs = new CrawlRuns({ progress: deps.progress, ttlMs: deps.config.cache.episodeTtlMs });
  }

  private get crawl() {
    return { source: this.deps.client, urls: this.deps.builders };
  }

  async search(
    query: string,
    contentType: ContentType,
    refresh = false,
  ): Promise<Cached<SearchRecord[]>> {
    const { cache, client, builders, directory, config } = this.deps;
    return cache.get(
      `search:${contentType}:${query}`,
      async () => {
        const html = await client.fetchPage(builders.searchUrl(query, SEARCH_KINDS[contentType]));
        const results = parseSearchPage(html, builders.workUrl).map((r) => ({
          title: r.title,
          kind: r.kind,
          id: r.id,
          url: r.url,
          year: r.year,
          previewIds: r.previewIds,
        }));
        await directory.rememberWorks(results);
        return results;
      },
      { ttlMs: config.cache.searchTtlMs, refresh },
    );
  }

  /** A search as the cache holds it, without a source request (null: not searched, or expired). */
  peekSearch(query: string, contentType: ContentType): Promise<Cached<SearchRecord[]> | null> {
    return this.deps.cache.peek(`search:${contentType}:${query}`);
  }

  /**
   * A work's episodes over all its pages; a movie answers MOVIE_NO_EPISODES. `priority`:
   * background work (a follow's check) lets what users look at go first.
   */
  async episodes(
    showUrl: string,
    kindHint: 'anime' | 'tv' | undefined,
    refresh = false,
    priority: number = FetchPriority.visible,
  ) {
    const ref = this.deps.urls.toRef(showUrl, { kind: kindHint ?? 'anime' });
    if (ref?.type === 'movie') throw await this.movieHasNoEpisodes(ref);
    if (ref?.type !== 'work') throw badRequest('show_url: 不是有效的作品地址');
    const { cache, builders, directory, config } = this.deps;
    return cache.get<ShowListing>(
      `show:${ref.kind}:${ref.id}`,
      async () => {
        const { client } = this.deps;
        const source: PageSource = {
          fetchPage: (url, options) => client.fetchPage(url, { ...options, priority }),
        };
        const show = await crawlShow({ ...this.crawl, source }, ref);
        const episodes = show.episodes.map((e) => ({
          id: e.id,
          label: e.label,
          number: e.number,
          url: builders.episodePageUrl({ type: 'episode', kind: ref.kind, id: e.id }),
          previewIds: e.previewIds,
        }));
        await directory.rememberWorks([{ kind: ref.kind, id: ref.id, title: show.title }]);
        await directory.rememberEpisodes(ref.kind, ref.id, episodes);
        return { title: show.title, work: ref, episodes };
      },
      { ttlMs: config.cache.showTtlMs, refresh, isCacheable: (show) => hasItems(show.episodes) },
    );
  }

  /** The ref behind an episode id on the wire: a full upstream URL, or its query part plus kind. */
  resolveEpisode(input: string, kindHint?: 'anime' | 'tv'): EpisodeRef | MovieRef {
    const ref = this.deps.urls.toRef(input, { kind: kindHint ?? 'anime' });
    if (ref?.type === 'episode' || ref?.type === 'movie') return ref;
    throw badRequest('episode_id: 不是有效的剧集或电影地址');
  }

  async episodeImages(
    ref: EpisodeRef | MovieRef,
    mode: 'smart' | 'fast',
    refresh = false,
  ): Promise<Cached<ImageListing>> {
    const { cache, config } = this.deps;
    const key = listingKey(ref);
    const options = {
      ttlMs: config.cache.episodeTtlMs,
      refresh,
      isCacheable: (l: ImageListing) => hasItems(l.imageIds),
    };
    if (mode === 'fast' && ref.type === 'episode') {
      // A complete listing already stored is better than a guess, and costs nothing.
      const full = refresh ? null : await cache.peek<ImageListing>(key);
      if (full) return full;
      return cache.get(`${key}:fast`, () => this.loadEpisode(ref, true), options);
    }
    return cache.get(
      key,
      () => (ref.type === 'movie' ? this.loadMovie(ref) : this.loadEpisode(ref, false)),
      options,
    );
  }

  /** The stored listing of an episode or movie, fresh or not, without any upstream request. */
  async episodeImagesIfStored(ref: EpisodeRef | MovieRef): Promise<ImageListing | null> {
    const key = listingKey(ref);
    return (
      (
        (await this.deps.cache.peek<ImageListing>(key)) ??
        (await this.deps.cache.peek<ImageListing>(`${key}:fast`))
      )?.value ?? null
    );
  }

  /**
   * Where the complete (smart) listing of an episode or movie stands, starting its crawl if none
   * runs: the crawl belongs to the server and goes on without the caller, shared with every other
   * caller (and process) asking for it. A crawl that failed stays failed, with what it read,
   * until a caller asks to `resume`; `refresh` drops the stored listing and reads it anew.
   */
  async crawlStatus(
    ref: EpisodeRef | MovieRef,
    options: { resume?: boolean; refresh?: boolean } = {},
  ): Promise<ImageCrawlStatus> {
    const { cache, progress } = this.deps;
    const key = listingKey(ref);
    if (options.refresh) {
      await cache.clear([key]);
      await progress.clear([key]);
    }
    let record = await progress.read<ListingMeta>(key);
    const fresh = await cache.fresh<ImageListing>(key);
    if (fresh) return crawlStatusOf(ref, 'done', fresh.value, record, fresh);
    if (record?.state === 'failed' && options.resume) {
      await progress.begin(key, false);
      record = { ...record, state: 'running', error: null };
    }
    if (record?.state !== 'failed') {
      // Its failure is recorded in the progress row, which the next call reports.
      this.episodeImages(ref, 'smart').catch(() => undefined);
      if (!record?.progress) {
        await this.runs.nextPage(key, FIRST_PAGE_WAIT_MS);
        record = await progress.read<ListingMeta>(key);
        const done = await cache.fresh<ImageListing>(key);
        if (done) return crawlStatusOf(ref, 'done', done.value, record, done);
      }
    }
    const listing = listingSoFar(ref, record?.progress ?? null);
    // A finished crawl whose listing is being stored (or went stale) reads as still running.
    const state = record?.state === 'failed' ? 'failed' : 'running';
    return crawlStatusOf(ref, state, listing, record, null);
  }

  async clearListings(keys: string[]): Promise<number> {
    await this.deps.progress.clear(keys);
    return this.deps.cache.clear(keys.flatMap((key) => [key, `${key}:fast`]));
  }

  async clearEverything(): Promise<number> {
    await this.deps.progress.clearAll();
    return this.deps.cache.clearPrefix('');
  }

  async clearSearch(pattern?: string): Promise<number> {
    if (!pattern) return this.deps.cache.clearPrefix('search:');
    const split = pattern.lastIndexOf(':');
    const query = (split >= 0 ? pattern.slice(0, split) : pattern).trim().toLowerCase();
    const type = split >= 0 ? pattern.slice(split + 1) : 'all';
    return this.deps.cache.clear([`search:${type}:${query}`]);
  }

  private async loadEpisode(ref: EpisodeRef, fast: boolean): Promise<ImageListing> {
    const crawl = fast
      ? await crawlEpisodeFast(this.crawl, ref)
      : await this.runs.run<EpisodeMeta, EpisodeCrawl>(listingKey(ref), (options) =>
          crawlEpisode(this.crawl, ref, options),
        );
    const workId = crawl.work?.id ?? null;
    if (workId !== null) {
      await this.deps.directory.rememberEpisodes(ref.kind, workId, [
        { id: ref.id, label: crawl.label },
      ]);
      if (crawl.workTitle)
        await this.deps.directory.rememberWorks([
          { kind: ref.kind, id: workId, title: crawl.workTitle },
        ]);
      await this.deps.directory.rememberImages(ref.kind, workId, ref.id, crawl.imageIds);
    }
    return {
      kind: ref.kind,
      imageIds: crawl.imageIds,
      workTitle: crawl.workTitle,
      episodeTitle: crawl.label || crawl.title,
      work: workId === null ? null : { kind: ref.kind, id: workId },
      episode: { kind: ref.kind, id: ref.id },
      exact: 'exact' in crawl ? Boolean(crawl.exact) : true,
    };
  }

  private async loadMovie(ref: MovieRef): Promise<ImageListing> {
    const movie = await this.runs.run<MovieMeta, MovieCrawl>(listingKey(ref), (options) =>
      crawlMovie(this.crawl, ref, options),
    );
    await this.deps.directory.rememberWorks([{ kind: 'movie', id: ref.id, title: movie.title }]);
    await this.deps.directory.rememberImages('movie', ref.id, null, movie.imageIds);
    return {
      kind: 'movie',
      imageIds: movie.imageIds,
      workTitle: movie.title,
      episodeTitle: movie.title,
      work: { kind: 'movie', id: ref.id },
      episode: { kind: 'movie', id: ref.id },
      exact: true,
    };
  }

  private async movieHasNoEpisodes(ref: MovieRef): Promise<AppError> {
    const title = (await this.deps.directory.workTitle('movie', ref.id)) ?? '';
    const detail: MovieNoEpisodesDetail = {
      error: 'MOVIE_NO_EPISODES',
      image_url: this.deps.builders.moviePageUrl(ref),
      movie_title: title,
      message: '电影内容没有剧集列表，请直接查看图片',
      link: workLink(this.deps.builders, 'movie', ref.id),
    };
    return new AppError(400, 'MOVIE_NO_EPISODES', detail);
  }
}
