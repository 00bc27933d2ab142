export {
  datasetFilterOf,
  FrameSieve,
  noneSkipped,
  type DatasetFilter,
  type DropReason,
} from './filter';
export { HashIndex } from './hash-index';
export { QUALITY_THRESHOLDS } from './quality';
export { ArchiveLayout, type FrameRecord, type LayoutOptions } from './layouts';
export { DatasetReview, type ReviewWork } from './review';
export { ReviewOverrides } from './review-overrides';
