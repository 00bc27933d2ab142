export { ImageStore, type ServedImage } from './store';
export { sizeChain } from './size-chain';
export { ImageFiles, type StoredImage } from './files';
export { CachedImageRecords } from './records';
export { CdnPreferences } from './cdn';
export { CdnHealth } from './cdn-health';
export {
  compressedLarge,
  idOfImageFile,
  imageIdOfPath,
  imageItem,
  imageQueryOf,
  thumbUrl,
} from './urls';
export { CacheGeneration } from './generation';
export { ImageHostHealth, type ImageHostState } from './host-health';
export { HostDownStore } from './host-down-store';
export { ThumbnailPrefetch } from './prefetch';
export { factsOf, hammingDistance, type ImageFacts } from './facts';
export { CacheEvictor, type Statfs } from './eviction';
export { LeastViewed } from './least-viewed';
export { ViewTracker } from './views';
export { createImageCache, createImages } from './create';
export { ImageSizes, STORED_AS, zipContentsOf } from './sizes';
