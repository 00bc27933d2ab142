export {
  CatalogService,
  listingKey,
  type ImageListing,
  type SearchRecord,
  type ShowListing,
} from './service';
export { Directory } from './directory';
export { ListingCache, type Cached } from './listing-cache';
