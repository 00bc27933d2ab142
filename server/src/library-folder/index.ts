export {
  LibraryFolder,
  type LibraryEntry,
  type LibraryFolderOptions,
  type LibraryWriteResult,
} from './folder';
export { MAX_SEGMENT_BYTES, safeRelativePath, safeSegment } from './safe-names';
