export {
  CatalogService,
  listingKey,
  type ImageCrawlStatus,
  type ImageListing,
  type SearchRecord,
  type ShowListing,
} from './service';
export { Directory } from './directory';
export { ListingCache, type Cached } from './listing-cache';
export { CrawlProgressStore } from './crawl-progress';
export { ModePreferences } from './mode-preference';
