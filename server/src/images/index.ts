export { ImageStore, sizeChain, type ServedImage, type StoredImage } from './store';
export { cacheStats, episodeFileStats } from './stats';
export { CdnPreferences } from './cdn';
export { imageItem, thumbUrl } from './urls';
export { sampleCached } from './sample';
export { CacheGeneration } from './generation';
export { ImageHostHealth, type ImageHostState } from './host-health';
export { ThumbnailPrefetch } from './prefetch';
export { factsOf, hammingDistance, type ImageFacts } from './facts';
