import { close, createReadStream, open, read as readInto, writev } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import { Writable } from 'node:stream';
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
 * Files read ahead of the one being added. Each small file costs a few round trips to the disk;
 * reading the next ones meanwhile keeps the disk busy.
 */
const READ_AHEAD = 8;
/** Files up to this size are read whole and added as buffers; larger ones are streamed. */
const WHOLE_FILE_BYTES = 4 * 1024 * 1024;
/** Bytes added but not yet written out, at most: memory stays flat however large the archive. */
const HIGH_WATER_BYTES = 16 * 1024 * 1024;
/** The archive is written to disk in pieces of about this size. */
const WRITE_BATCH_BYTES = 1024 * 1024;

/** yazl's entry, as far as `addBufferReleased` needs it (yazl 3: `state` 3 is FILE_DATA_DONE). */
interface YazlEntry {
  state: number;
  doFileDataPump: (() => void) | null;
}

/**
 * `addBuffer`, letting go of the bytes once written: yazl keeps every entry until the archive
 * ends (for the central directory), and a buffer entry's pump function holds its bytes, so a
 * 5,000-image archive would sit in memory whole.
 */
function addBufferReleased(zip: ZipFile, body: Buffer, name: string, mtime: Date): void {
  zip.addBuffer(body, name, { compress: false, mtime });
  const entry = (zip as unknown as { entries: YazlEntry[] }).entries.at(-1)!;
  const pump = entry.doFileDataPump;
  // Already written when yazl was waiting for it (addBuffer pumps at once).
  if (!pump || entry.state >= 2) {
    entry.doFileDataPump = null;
    return;
  }
  entry.doFileDataPump = () => {
    entry.doFileDataPump = null;
    pump();
  };
}

/**
 * A file of known size read with three calls (open, read, close) instead of `readFile`'s four
 * or more; each is a trip through libuv's thread pool, which is what a small file costs. A file
 * whose size is not the one expected is read again whole.
 */
async function readKnown(file: string, bytes: number): Promise<Buffer> {
  const fd = await fsCall<number>((done) => open(file, 'r', done));
  let read: number;
  // One byte more than expected: reading it too says the file is longer than was recorded.
  const body = Buffer.allocUnsafe(bytes + 1);
  try {
    read = await fsCall<number>((done) => readInto(fd, body, 0, bytes + 1, 0, done));
  } finally {
    await fsCall<void>((done) => close(fd, done));
  }
  return read === bytes ? body.subarray(0, bytes) : readFile(file);
}

/** What to hand yazl for a file: its bytes when small, else its path to stream. */
async function load(entry: ZipFileEntry): Promise<Buffer | string> {
  if (entry.bytes > WHOLE_FILE_BYTES) return entry.file;
  try {
    return await readKnown(entry.file, entry.bytes);
  } catch (error) {
    if (!entry.refetch) throw error;
    const again = await entry.refetch();
    return again.bytes > WHOLE_FILE_BYTES ? again.file : readFile(again.file);
  }
}

function fsCall<T>(call: (done: (error: Error | null, value: T) => void) => void): Promise<T> {
  return new Promise<T>((resolve, reject) =>
    call((error, value) => (error ? reject(error) : resolve(value))),
  );
}

/**
 * The archive's file, written in pieces of about WRITE_BATCH_BYTES: yazl hands over a header and
 * the data of each entry separately, and one write per piece is a trip through the thread pool
 * for every few KB.
 */
class BatchedFile extends Writable {
  private fd: number | null = null;
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(private readonly path: string) {
    super({ highWaterMark: WRITE_BATCH_BYTES });
  }

  override _construct(callback: (error?: Error | null) => void): void {
    open(this.path, 'w', (error, fd) => {
      this.fd = fd;
      callback(error);
    });
  }

  override _write(chunk: Buffer, _: BufferEncoding, callback: (error?: Error | null) => void) {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes < WRITE_BATCH_BYTES) return callback();
    this.flush(callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.flush(callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.pending = [];
    if (this.fd === null) return callback(error);
    close(this.fd, (closeError) => callback(error ?? closeError));
    this.fd = null;
  }

  /** Writes what is pending (all of it: writev may write less than asked), then calls back. */
  private flush(callback: (error?: Error | null) => void): void {
    const chunks = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    const writeFrom = (from: Buffer[]): void => {
      if (from.length === 0) return callback();
      writev(this.fd!, from, (error, written) => {
        if (error) return callback(error);
        let skip = written;
        const rest: Buffer[] = [];
        for (const chunk of from) {
          if (skip >= chunk.length) skip -= chunk.length;
          else {
            rest.push(skip > 0 ? chunk.subarray(skip) : chunk);
            skip = 0;
          }
        }
        writeFrom(rest);
      });
    };
    writeFrom(chunks);
  }
}

/**
 * Writes a store-only ZIP of the entries, in order, to `file` through a temporary name, so a
 * half-written archive is never served. Images are added as whole buffers (yazl then writes them
 * without a stream per entry, which made archives of many small images 4× slower than `zip -0`),
 * a few read ahead and at most HIGH_WATER_BYTES waiting, so memory does not grow with the archive.
 * yazl switches to ZIP64 by itself past 65,535 entries or 4 GiB. An abort stops the writing and
 * removes the temporary file.
 */
export async function writeZip(options: {
  file: string;
  entries: Iterable<ZipEntry>;
  signal?: AbortSignal;
  onBytes?(bytes: number): void;
}): Promise<number> {
  const zip = new ZipFile();
  const temporary = `${options.file}.tmp`;
  let written = 0;
  let added = 0;
  let drained: (() => void) | null = null;
  zip.outputStream.on('data', (chunk: Buffer) => {
    written += chunk.length;
    options.onBytes?.(written);
    if (drained && added - written <= HIGH_WATER_BYTES / 2) {
      drained();
      drained = null;
    }
  });
  const output = new BatchedFile(temporary);
  const stop = () => output.destroy(options.signal?.reason as Error);
  options.signal?.addEventListener('abort', stop, { once: true });
  const finished = pipeline(zip.outputStream, output);
  // Before end() the pipeline can only fail (an abort destroys the output): whatever the writer
  // waits for then is given up. One handler, not a race per entry: each race would keep its
  // entry's bytes alive until the archive is done.
  let failed: { error: unknown } | null = null;
  let giveUp: ((error: unknown) => void) | null = null;
  finished.catch((error: unknown) => {
    failed = { error };
    giveUp?.(error);
  });
  const wait = <T>(promise: Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      if (failed) return reject(failed.error as Error);
      giveUp = reject;
      promise.then(resolve, reject);
    }).finally(() => (giveUp = null));

  const mtime = new Date();
  const entries = [...options.entries];
  const loading = new Map<number, Promise<Buffer | string>>();
  const loadAhead = (from: number) => {
    for (let i = from; i < Math.min(entries.length, from + READ_AHEAD); i++) {
      const entry = entries[i]!;
      if ('body' in entry || loading.has(i)) continue;
      const loaded = load(entry);
      // Seen when the writer reaches it; until then a failure must not go unhandled.
      loaded.catch(() => undefined);
      loading.set(i, loaded);
    }
  };
  try {
    for (const [i, entry] of entries.entries()) {
      options.signal?.throwIfAborted();
      let body = 'body' in entry ? entry.body : null;
      if (!body) {
        loadAhead(i);
        const loaded = await wait(loading.get(i)!);
        loading.delete(i);
        if (typeof loaded === 'string') {
          zip.addReadStream(createReadStream(loaded), entry.name, { compress: false, mtime });
          continue;
        }
        body = loaded;
      }
      addBufferReleased(zip, body, entry.name, mtime);
      added += body.length;
      if (added - written > HIGH_WATER_BYTES)
        await wait(new Promise<void>((resolve) => (drained = resolve)));
    }
    zip.end();
    await finished;
    options.signal?.throwIfAborted();
  } catch (error) {
    output.destroy();
    await rm(temporary, { force: true });
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', stop);
  }
  await rename(temporary, options.file);
  return written;
}
