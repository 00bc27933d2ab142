export { DatasetBuild, type EpisodePlace } from './build';
export { FrameSieve, type DatasetFilter, type DropReason } from './filter';
export { HashIndex } from './hash-index';
export { filterOf, layoutOf } from './options';
export { QUALITY_THRESHOLDS } from './quality';
export type { ArchiveText, FrameRecord } from './layouts';
export type { MetadataRow } from './metadata';
export { createTagger, ImageTagger, type ImageTags } from './tagger';
export { DatasetReview, type ReviewWork } from './review';
