export type { SeriesKind, WorkRef, MovieRef, EpisodeRef, ImageRef, UpstreamRef } from './refs';
export { KIND_SEGMENT } from './refs';
export type { UrlModel, UrlParseResult, UrlRefusal, ParseOptions } from './urls';
export { createUrlModel, refFromQueryPart } from './urls';
export type { UrlBuilders } from './builders';
export { createUrlBuilders, ALL_KINDS } from './builders';
export { episodeLink, workLink } from './page-links';

export type { SearchResult } from './parse/search';
export { parseSearchPage } from './parse/search';
export type { ShowPage, ShowEpisode } from './parse/show';
export { parseShowPage } from './parse/show';
export type { EpisodePage } from './parse/episode';
export { parseEpisodePage } from './parse/episode';
export type { MoviePage } from './parse/movie';
export { parseMoviePage } from './parse/movie';
export type { Pagination } from './parse/pagination';
export type { ListingPage, EndSignal } from './parse/end';
export { endSignals, isLastPage } from './parse/end';
export type { PageProblem } from './parse/page-check';
export { pageProblem } from './parse/page-check';

export type {
  UpstreamClient,
  UpstreamClientDeps,
  UpstreamHealth,
  UpstreamImage,
  UpstreamLogger,
  FetchOptions,
} from './client-api';
export { FetchPriority } from './client-api';
export { createUpstreamClient } from './client';
export type { SharedHostStore, HostSlot } from './shared-store';
export { databaseHostStore } from './shared-store';
export { FetchLeases } from './fetch-leases';
export type { HostHealth, HostStatus, RequestOutcome } from './health';
export * from './errors';

export type {
  PageSource,
  CrawlContext,
  ShowCrawl,
  EpisodeCrawl,
  MovieCrawl,
  EpisodeMeta,
  MovieMeta,
  ImageCrawlProgress,
  ImageCrawlOptions,
} from './crawl';
export { crawlShow, crawlEpisode, crawlMovie } from './crawl';
export { crawlEpisodeFast, type FastEpisodeCrawl } from './crawl-fast';
export { actAs, chargedToUser, enterUserRequest, userActor } from './actor';
export { UserBudget, UserBudgetExceeded, type UserBudgetLimits } from './user-budget';
export { createUpstream, type Upstream } from './create';
