export { ImageStore, sizeChain, type ServedImage, type StoredImage } from './store';
export { cacheStats } from './stats';
export { CdnPreferences } from './cdn';
export { imageItem, thumbUrl } from './urls';
export { sampleCached } from './sample';
export { CacheGeneration } from './generation';
export { factsOf, hammingDistance, type ImageFacts } from './facts';
