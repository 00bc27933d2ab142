import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import './native-crc32';
import type { ImageStore } from '../images';
import { entryNames, type DownloadItem } from './items';

export interface ZipProgress {
  done: number;
  failed: number;
  bytes: number;
}

export interface ZipResult extends ZipProgress {
  /** False when no image could be fetched: then no archive exists. */
  written: boolean;
  firstError: string | null;
}

/** How many images are fetched ahead of the one being added (the paced client limits the rest). */
const LOOKAHEAD = 6;

/**
 * Writes a store-only ZIP of the images, in the order given, to `file` through a temporary name.
 * Entries are read lazily from the image cache one at a time, so memory does not grow with the
 * archive; images that could not be fetched are listed in `failed.txt`.
 */
export async function writeZip(options: {
  items: DownloadItem[];
  entryPrefix: string;
  file: string;
  store: ImageStore;
  onProgress(progress: ZipProgress): void;
}): Promise<ZipResult> {
  const { items, store } = options;
  const names = entryNames(items, options.entryPrefix);
  const zip = new ZipFile();
  const temporary = `${options.file}.tmp`;
  const progress: ZipProgress = { done: 0, failed: 0, bytes: 0 };
  zip.outputStream.on('data', (chunk: Buffer) => {
    progress.bytes += chunk.length;
  });
  const written = pipeline(zip.outputStream, createWriteStream(temporary));
  // A failed write must not leave an unhandled rejection while images are still being fetched.
  written.catch(() => undefined);

  const fetchOne = (item: DownloadItem) =>
    store.get(item.kind, item.id, item.size, item.compressed).then(
      () => null,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
  // Opens the cached file when the writer reaches the entry; if the cache was cleared in between,
  // the image is fetched again rather than failing the archive.
  const openEntry =
    (item: DownloadItem) => (callback: (error: Error | null, stream: Readable) => void) => {
      store.get(item.kind, item.id, item.size, item.compressed).then(
        (image) => callback(null, createReadStream(image.file)),
        (error: Error) => callback(error, undefined as never),
      );
    };

  const failures: string[] = [];
  const pending: Promise<string | null>[] = [];
  const mtime = new Date();
  for (let i = 0; i < items.length; i++) {
    for (let j = pending.length; j < Math.min(items.length, i + LOOKAHEAD); j++)
      pending.push(fetchOne(items[j]!));
    const item = items[i]!;
    const problem = await pending[i]!;
    if (problem === null) {
      zip.addReadStreamLazy(names[i]!, { compress: false, mtime }, openEntry(item));
      progress.done++;
    } else {
      failures.push(`${item.id}\t${item.kind}\t${item.size}\t${problem}`);
      progress.failed++;
    }
    options.onProgress({ ...progress });
  }

  if (failures.length > 0) {
    const text = `以下图片未能下载 (id, kind, size, reason):\n${failures.join('\n')}\n`;
    zip.addBuffer(Buffer.from(text, 'utf8'), 'failed.txt', { compress: false, mtime });
  }
  zip.end();
  try {
    await written;
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  if (progress.done === 0) {
    await rm(temporary, { force: true });
    return { ...progress, written: false, firstError: failures[0]?.split('\t')[3] ?? null };
  }
  await rename(temporary, options.file);
  options.onProgress({ ...progress });
  return { ...progress, written: true, firstError: null };
}
