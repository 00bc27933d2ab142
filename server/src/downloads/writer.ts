import { close, open, read, writev } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { temporaryOf } from '../images/files';
import { untilAborted } from './abort';
import {
  MAX_ENTRY_BYTES,
  centralHeader,
  dosDateTime,
  endOfArchive,
  localHeader,
  type Written,
} from './zip-records';

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
 * Files read ahead of the one being added. Each small file costs three trips through libuv's
 * thread pool (open, read, close); reading the next ones meanwhile keeps it and the disk busy.
 */
const READ_AHEAD = 16;
/** Files up to this size are read whole; larger ones are copied a piece at a time. */
const WHOLE_FILE_BYTES = 4 * 1024 * 1024;
/** The archive is written in pieces of about this size (one `writev` each). */
const WRITE_BATCH_BYTES = 1024 * 1024;

/** Read buffers kept for reuse once written out (beyond this many bytes, they are let go). */
const POOL_BYTES = 8 * 1024 * 1024;

/**
 * Buffers files are read into, given back once their bytes are written: the same few megabytes
 * serve the whole archive, instead of a new allocation per image that only a garbage collection
 * returns (memory climbed by tens of MB between collections).
 */
class BufferPool {
  private free: Buffer[] = [];
  private freeBytes = 0;

  take(bytes: number): Buffer {
    const i = this.free.findIndex((b) => b.length >= bytes);
    if (i < 0) return Buffer.allocUnsafeSlow(Math.max(bytes, 64 * 1024));
    const buffer = this.free[i]!;
    this.free[i] = this.free.at(-1)!;
    this.free.pop();
    this.freeBytes -= buffer.length;
    return buffer;
  }

  give(buffer: Buffer): void {
    if (this.freeBytes + buffer.length > POOL_BYTES) return;
    this.free.push(buffer);
    this.freeBytes += buffer.length;
  }
}

/**
 * Writes a store-only ZIP of the entries, in order, to `file` through a temporary name, so a
 * half-written archive is never served. A purpose-built writer rather than yazl: for archives of
 * thousands of small images yazl's per-entry work in JavaScript (a stream write per piece, an
 * event-loop turn per entry, a scan of every earlier entry for each new one) took longer than
 * `zip -0` needs for the whole archive. Here each file is read at its known size (a few read
 * ahead), its CRC-32 computed natively, and header and data go out together in 1 MB `writev`s;
 * memory holds the read-ahead, one batch and a small record per entry. ZIP64 records are written
 * when needed (past 65,535 entries or 4 GiB). An abort stops the writing and removes the file.
 */
export async function writeZip(options: {
  file: string;
  entries: Iterable<ZipEntry>;
  signal?: AbortSignal;
  onBytes?(bytes: number): void;
  /**
   * Where in the file the archive begins (0 unless set), the bytes before it left a hole: a test
   * puts entries past 4 GiB, where offsets need ZIP64 fields, without writing 4 GiB.
   */
  startAt?: number;
  /** Asked once the archive is whole, before it takes its name; throwing leaves no file. */
  beforeRename?(): Promise<void>;
}): Promise<number> {
  const { signal } = options;
  const temporary = temporaryOf(options.file);
  const fd = await fsCall<number>((done) => open(temporary, 'w', done));
  const pool = new BufferPool();
  const output = new Output(fd, signal, options.onBytes, pool, options.startAt ?? 0);
  const written: Written[] = [];
  const [time, date] = dosDateTime(new Date());
  try {
    const entries = [...options.entries];
    const loading = new Map<number, Promise<Buffer | string>>();
    const loadAhead = (from: number) => {
      for (let i = from; i < Math.min(entries.length, from + READ_AHEAD); i++) {
        const entry = entries[i]!;
        if ('body' in entry || loading.has(i)) continue;
        const loaded = load(entry, pool);
        // Seen when the writer reaches it; until then a failure must not go unhandled.
        loaded.catch(() => undefined);
        loading.set(i, loaded);
      }
    };
    for (const [i, entry] of entries.entries()) {
      signal?.throwIfAborted();
      const name = Buffer.from(entry.name, 'utf8');
      let body: Buffer | string;
      if ('body' in entry) body = entry.body;
      else {
        loadAhead(i);
        body = await untilAborted(loading.get(i)!, signal);
        loading.delete(i);
      }
      const offset = output.position;
      if (typeof body === 'string') {
        const { crc, bytes } = await crcOfFile(body, signal);
        output.push(localHeader(name, crc, bytes, time, date));
        await copyFile(body, bytes, output, signal);
        written.push({ name, crc, bytes, offset });
      } else {
        if (body.length > MAX_ENTRY_BYTES) throw new Error(`entry too large: ${entry.name}`);
        const crc = crc32(body);
        output.push(localHeader(name, crc, body.length, time, date));
        output.push(body, slabOf.get(body));
        written.push({ name, crc, bytes: body.length, offset });
      }
      if (output.pending >= WRITE_BATCH_BYTES) await output.flush();
    }
    const start = output.position;
    for (const entry of written) output.push(centralHeader(entry, time, date));
    const size = output.position - start;
    output.push(endOfArchive(written.length, start, size, output.position));
    await output.flush();
    signal?.throwIfAborted();
    await options.beforeRename?.();
  } catch (error) {
    await fsCall<void>((done) => close(fd, done)).catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
  await fsCall<void>((done) => close(fd, done));
  await rename(temporary, options.file);
  return output.position;
}

/** The archive's file: pieces gathered and written in batches, at the end of what was written. */
class Output {
  pending = 0;
  private chunks: Buffer[] = [];
  /** Pool buffers whose bytes are among the chunks: free again once those are written. */
  private slabs: Buffer[] = [];
  /** Where the next `writev` writes. */
  private flushed: number;

  constructor(
    private readonly fd: number,
    private readonly signal: AbortSignal | undefined,
    private readonly onBytes: ((bytes: number) => void) | undefined,
    private readonly pool: BufferPool,
    /** Where the archive's next byte goes once everything pushed is written. */
    public position: number,
  ) {
    this.flushed = position;
  }

  push(chunk: Buffer, slab?: Buffer): void {
    this.chunks.push(chunk);
    if (slab) this.slabs.push(slab);
    this.pending += chunk.length;
    this.position += chunk.length;
  }

  /** Writes every pending piece (`writev` may write less than asked: the rest goes again). */
  async flush(): Promise<void> {
    let chunks = this.chunks;
    this.chunks = [];
    this.pending = 0;
    while (chunks.length > 0) {
      this.signal?.throwIfAborted();
      const done = await fsCall<number>((callback) =>
        writev(this.fd, chunks, this.flushed, callback),
      );
      this.flushed += done;
      let skip = done;
      const rest: Buffer[] = [];
      for (const chunk of chunks) {
        if (skip >= chunk.length) skip -= chunk.length;
        else {
          rest.push(skip > 0 ? chunk.subarray(skip) : chunk);
          skip = 0;
        }
      }
      chunks = rest;
    }
    for (const slab of this.slabs) this.pool.give(slab);
    this.slabs = [];
    this.onBytes?.(this.position);
  }
}

/** The pool buffer a file's bytes were read into (the bytes are a view of it). */
const slabOf = new WeakMap<Buffer, Buffer>();

/** What to add for a file: its bytes when small, else its path to copy piece by piece. */
async function load(entry: ZipFileEntry, pool: BufferPool): Promise<Buffer | string> {
  if (entry.bytes > WHOLE_FILE_BYTES) return entry.file;
  try {
    return await readKnown(entry.file, entry.bytes, pool);
  } catch (error) {
    if (!entry.refetch) throw error;
    const again = await entry.refetch();
    return again.bytes > WHOLE_FILE_BYTES ? again.file : readFile(again.file);
  }
}

/**
 * A file of known size read with three calls (open, read, close) instead of `readFile`'s four
 * or more. A file whose size is not the one expected is read again whole.
 */
async function readKnown(file: string, bytes: number, pool: BufferPool): Promise<Buffer> {
  const fd = await fsCall<number>((done) => open(file, 'r', done));
  let got: number;
  // One byte more than expected: reading it too says the file is longer than was recorded.
  const slab = pool.take(bytes + 1);
  try {
    got = await fsCall<number>((done) => read(fd, slab, 0, bytes + 1, 0, done));
  } catch (error) {
    pool.give(slab);
    throw error;
  } finally {
    await fsCall<void>((done) => close(fd, done));
  }
  if (got !== bytes) {
    pool.give(slab);
    return readFile(file);
  }
  const body = slab.subarray(0, bytes);
  slabOf.set(body, slab);
  return body;
}

/** Calls `each` with the file's pieces in order; returns its length. */
async function eachPiece(
  file: string,
  signal: AbortSignal | undefined,
  each: (piece: Buffer) => Promise<void> | void,
): Promise<number> {
  const fd = await fsCall<number>((done) => open(file, 'r', done));
  try {
    let position = 0;
    for (;;) {
      signal?.throwIfAborted();
      const piece = Buffer.allocUnsafe(WRITE_BATCH_BYTES);
      const got = await fsCall<number>((done) => read(fd, piece, 0, piece.length, position, done));
      if (got === 0) return position;
      position += got;
      await each(piece.subarray(0, got));
    }
  } finally {
    await fsCall<void>((done) => close(fd, done));
  }
}

/** A large file's CRC-32 and length, read once before its header is written. */
async function crcOfFile(file: string, signal: AbortSignal | undefined) {
  let crc = 0;
  const bytes = await eachPiece(file, signal, (piece) => {
    crc = crc32(piece, crc);
  });
  if (bytes > MAX_ENTRY_BYTES) throw new Error(`entry too large: ${file}`);
  return { crc, bytes };
}

/** Copies a large file into the archive; it must not have changed since its CRC was taken. */
async function copyFile(file: string, bytes: number, output: Output, signal?: AbortSignal) {
  const copied = await eachPiece(file, signal, async (piece) => {
    output.push(piece);
    if (output.pending >= WRITE_BATCH_BYTES) await output.flush();
  });
  if (copied !== bytes) throw new Error(`${file} changed while it was being archived`);
}

function fsCall<T>(call: (done: (error: Error | null, value: T) => void) => void): Promise<T> {
  return new Promise<T>((resolve, reject) =>
    call((error, value) => (error ? reject(error) : resolve(value))),
  );
}
