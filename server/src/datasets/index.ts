export {
  datasetFilterOf,
  FrameSieve,
  noneSkipped,
  type DatasetFilter,
  type DropReason,
} from './filter';
export { HashIndex } from './hash-index';
export { QUALITY_THRESHOLDS } from './quality';
export {
  ArchiveLayout,
  tagColumns,
  type FrameRecord,
  type LayoutOptions,
  type SelectionArchive,
} from './layouts';
export { createTagger, ImageTagger, JobTags, type ImageTags } from './tagger';
export { DatasetReview, type ReviewWork } from './review';
export { ReviewOverrides } from './review-overrides';
