import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import './native-crc32';

/** An archive entry: a file on disk, opened only when the writer reaches it, or bytes in hand. */
export type ZipEntry = { name: string; open(): Promise<string> } | { name: string; body: Buffer };

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
  for (const entry of options.entries) {
    if ('body' in entry) {
      zip.addBuffer(entry.body, entry.name, { compress: false, mtime });
      continue;
    }
    zip.addReadStreamLazy(
      entry.name,
      { compress: false, mtime },
      (callback: (error: Error | null, stream: Readable) => void) => {
        entry.open().then(
          (file) => callback(null, createReadStream(file)),
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
