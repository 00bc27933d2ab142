import type { ContentType, MovieNoEpisodesDetail } from '@capshelf/contract';
import type { Config, Kind } from '../config';
import { AppError, badRequest } from '../errors';
import type {
  EpisodeRef,
  MovieRef,
  UpstreamClient,
  UrlBuilders,
  UrlModel,
  WorkRef,
} from '../upstream';
import {
  crawlEpisode,
  crawlEpisodeFast,
  crawlMovie,
  crawlShow,
  parseSearchPage,
} from '../upstream';
import type { Directory } from './directory';
import type { Cached, ListingCache } from './listing-cache';

const SEARCH_KINDS: Record<ContentType, Kind[]> = {
  all: ['anime', 'tv', 'movie'],
  anime: ['anime'],
  tv: ['tv'],
  movies: ['movie'],
};

export interface SearchRecord {
  title: string;
  kind: Kind;
  id: number;
  url: string;
  year: number | null;
  previewIds: number[];
}

export interface ShowListing {
  title: string;
  work: WorkRef;
  episodes: {
    id: number;
    label: string;
    number: number | null;
    url: string;
    previewIds: number[];
  }[];
}

export interface ImageListing {
  kind: Kind;
  imageIds: number[];
  workTitle: string | null;
  episodeTitle: string | null;
  work: { kind: Kind; id: number } | null;
  episode: { kind: Kind; id: number };
  exact: boolean;
}

const hasItems = (list: { length: number }) => list.length > 0;

/** Search, episode lists and episode images: cached answers over the one upstream client. */
export class CatalogService {
  constructor(
    private readonly deps: {
      config: Config;
      client: UpstreamClient;
      urls: UrlModel;
      builders: UrlBuilders;
      cache: ListingCache;
      directory: Directory;
    },
  ) {}

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

  /** A work's episodes over all its pages; a movie answers MOVIE_NO_EPISODES. */
  async episodes(showUrl: string, kindHint: 'anime' | 'tv' | undefined, refresh = false) {
    const ref = this.deps.urls.toRef(showUrl, { kind: kindHint ?? 'anime' });
    if (ref?.type === 'movie') throw await this.movieHasNoEpisodes(ref);
    if (ref?.type !== 'work') throw badRequest('show_url: 不是有效的作品地址');
    const { cache, builders, directory, config } = this.deps;
    return cache.get<ShowListing>(
      `show:${ref.kind}:${ref.id}`,
      async () => {
        const show = await crawlShow(this.crawl, ref);
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

  async clearListings(keys: string[]): Promise<number> {
    return this.deps.cache.clear(keys.flatMap((key) => [key, `${key}:fast`]));
  }

  async clearEverything(): Promise<number> {
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
      : await crawlEpisode(this.crawl, ref);
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
    const movie = await crawlMovie(this.crawl, ref);
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
    };
    return new AppError(400, 'MOVIE_NO_EPISODES', detail);
  }
}

export function listingKey(ref: EpisodeRef | MovieRef | WorkRef): string {
  if (ref.type === 'movie') return `movie:${ref.id}`;
  return ref.type === 'episode' ? `episode:${ref.kind}:${ref.id}` : `show:${ref.kind}:${ref.id}`;
}
