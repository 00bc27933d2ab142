import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import './native-crc32';

/** A file on disk: where it is and how big, and how to get it again if it went meanwhile. */
export interface ZipFileEntry {
  name: string;
  file: string;
  bytes: number;
  /** The image cache may be cleared between fetching and writing: this fetches it again. */
  refetch?(): Promise<{ file: string; bytes: number }>;
}

/** An archive entry: a file on disk, read only when the writer nears it, or bytes in hand. */
export type ZipEntry = ZipFileEntry | { name: string; body: Buffer };

/**
 * Files read ahead of the one being written. yazl takes entries one at a time, and each small
 * file costs a few round trips to the disk; reading the next ones meanwhile keeps the disk busy
 * (a work of 5,000 small images was 4× slower than `zip -0` without it).
 */
const READ_AHEAD = 8;
/** Files up to this size are read whole (one chunk); larger ones are streamed. */
const WHOLE_FILE_BYTES = 4 * 1024 * 1024;

/** What to hand yazl for a file: its bytes when small, else its path to stream. */
async function load(entry: ZipFileEntry): Promise<Buffer | string> {
  if (entry.bytes > WHOLE_FILE_BYTES) return entry.file;
  try {
    return await readFile(entry.file);
  } catch (error) {
    if (!entry.refetch) throw error;
    const again = await entry.refetch();
    return again.bytes > WHOLE_FILE_BYTES ? again.file : readFile(again.file);
  }
}

/**
 * Writes a store-only ZIP of the entries, in order, to `file` through a temporary name, so a
 * half-written archive is never served. Files are streamed one at a time, so memory does not grow
 * with the archive; yazl switches to ZIP64 by itself past 65,535 entries or 4 GiB. An abort
 * stops the writing and removes the temporary file.
 */
export async function writeZip(options: {
  file: string;
  entries: Iterable<ZipEntry>;
  signal?: AbortSignal;
  onBytes?(bytes: number): void;
}): Promise<number> {
  const zip = new ZipFile();
  const temporary = `${options.file}.tmp`;
  let bytes = 0;
  zip.outputStream.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    options.onBytes?.(bytes);
  });
  const output = createWriteStream(temporary);
  const stop = () => output.destroy(options.signal?.reason as Error);
  options.signal?.addEventListener('abort', stop, { once: true });
  const written = pipeline(zip.outputStream, output);
  // A failed write must not leave an unhandled rejection while entries are still being added.
  written.catch(() => undefined);

  const mtime = new Date();
  const files: ZipFileEntry[] = [];
  const loading = new Map<number, Promise<Buffer | string>>();
  const loadFrom = (index: number) => {
    for (let i = index; i < Math.min(files.length, index + READ_AHEAD); i++) {
      if (!loading.has(i)) {
        const loaded = load(files[i]!);
        // Seen when the writer reaches it; until then a failure must not go unhandled.
        loaded.catch(() => undefined);
        loading.set(i, loaded);
      }
    }
  };
  for (const entry of options.entries) {
    if ('body' in entry) {
      zip.addBuffer(entry.body, entry.name, { compress: false, mtime });
      continue;
    }
    const index = files.push(entry) - 1;
    zip.addReadStreamLazy(
      entry.name,
      { compress: false, mtime },
      (callback: (error: Error | null, stream: Readable) => void) => {
        loadFrom(index);
        const loaded = loading.get(index)!;
        loading.delete(index);
        loaded.then(
          (body) =>
            callback(
              null,
              typeof body === 'string' ? createReadStream(body) : Readable.from([body]),
            ),
          (error: Error) => callback(error, undefined as never),
        );
      },
    );
  }
  zip.end();
  try {
    await written;
    options.signal?.throwIfAborted();
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', stop);
  }
  await rename(temporary, options.file);
  return bytes;
}
