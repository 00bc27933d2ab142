export { createDownloads } from './create';
export { DownloadItemParser, entryNames, type DownloadItem } from './items';
export { DownloadJob } from './job';
export { NearDuplicateScan } from './near-duplicates';
export { DownloadQueue } from './queue';
export { DownloadRepository } from './repository';
export { DownloadRunner, type RunnerSettings } from './runner';
export { DownloadService, contentDisposition } from './service';
export { writeZip } from './writer';
