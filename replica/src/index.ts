export { startReplica, type Replica, type ReplicaOptions } from './replica';
export { replicaControl, type ReplicaControl } from './control-client';
export { clearanceFromPage, clearanceToken } from './challenge';
export { selfSignedCertificate, testCertificates, type TestCertificates } from './tls/certificates';
export { renderImage, IMAGE_DIMENSIONS } from './images/render';
export { datasetFrameSvg } from './images/dataset-frame';
export * from './catalogue';
export * from './dataset-show';
export {
  KIND_DIRS,
  EPISODES_PER_SHOW_PAGE,
  IMAGES_PER_PAGE,
  pageCount,
  showPath,
  episodePath,
  moviePath,
  picturePath,
} from './paths';
export { showSlug, movieSlug, labelSlug } from './slug';
export { HOST_NAMES, type HostName } from './hosts';
export type { Fault, FaultKind } from './faults';
export type { RequestCounts } from './counts';
export type { Kind, ShowKind, ImageSize, ThumbGeneration } from './types';
