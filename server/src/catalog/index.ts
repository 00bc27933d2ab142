export { CatalogService } from './service';
export {
  listingKey,
  type ImageCrawlStatus,
  type ImageListing,
  type FoundByTitle,
  type NamedWork,
  type SearchRecord,
  type ShowListing,
  type TitleFinder,
  type WorkNamer,
} from './listings';
export { Directory, type ImagePlace } from './directory';
export { ListingCache, type Cached } from './listing-cache';
export { CrawlProgressStore } from './crawl-progress';
export { ModePreferences } from './mode-preference';
export { EpisodeListAnswers, ListingAnswers } from './answers';
export { createCatalog } from './create';
