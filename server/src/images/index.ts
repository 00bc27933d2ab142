export { ImageStore, sizeChain, type ServedImage } from './store';
export { ImageFiles, type StoredImage } from './files';
export { CachedImageRecords } from './records';
export { CdnPreferences } from './cdn';
export { compressedLarge, imageIdOfPath, imageItem, imageQueryOf, thumbUrl } from './urls';
export { CacheGeneration } from './generation';
export { ImageHostHealth, type ImageHostState } from './host-health';
export { ThumbnailPrefetch } from './prefetch';
export { factsOf, hammingDistance, type ImageFacts } from './facts';
