import { close, open, read } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import type { ObjectStore, ObjectWriter } from '../storage';
import { untilAborted } from './abort';
import {
  MAX_ENTRY_BYTES,
  centralHeader,
  dosDateTime,
  endOfArchive,
  localHeader,
  type Written,
} from './zip-records';

/** An object in the store: its key and size, and how to get it again if it went meanwhile. */
export interface ZipFileEntry {
  name: string;
  key: string;
  bytes: number;
  /** The image cache may be cleared between fetching and writing: this fetches it again. */
  refetch?(): Promise<{ key: string; bytes: number }>;
}

/** An archive entry: an object in the store, read only when the writer nears it, or bytes in hand. */
export type ZipEntry = ZipFileEntry | { name: string; body: Buffer };

/**
 * Files read ahead of the one being added. Each small file costs three trips through libuv's
 * thread pool (open, read, close); reading the next ones meanwhile keeps it and the disk busy.
 */
const READ_AHEAD = 16;
/**
 * Bytes held by the files read ahead (beyond the one being added): with large originals from a
 * bucket, each read whole, sixteen of them would hold 80 MB and more. 4 MB is eight 500 KB
 * originals: the task stays ~3× faster than `zip -0`, and the server's peak 15 MB above idle
 * (16–39 MB at 8 MB; bench/zip.ts).
 */
const READ_AHEAD_BYTES = 4 * 1024 * 1024;
/** Files up to this size are read whole; larger ones are copied a piece at a time. */
const WHOLE_FILE_BYTES = 4 * 1024 * 1024;
/** The archive is written in pieces of about this size (one `writev` each). */
const WRITE_BATCH_BYTES = 1024 * 1024;

/** Read buffers kept for reuse once written out (beyond this many bytes, they are let go). */
const POOL_BYTES = 8 * 1024 * 1024;

/** Pool buffers are multiples of this, and of an eighth of their size: files of near sizes share. */
const BUFFER_STEP = 64 * 1024;

/** The size of a pool buffer for `bytes`: at most an eighth more. */
function bufferSize(bytes: number): number {
  const step = Math.max(BUFFER_STEP, 2 ** Math.floor(Math.log2(Math.max(bytes, 1))) / 8);
  return Math.max(1, Math.ceil(bytes / step)) * step;
}

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
    if (i < 0) return Buffer.allocUnsafeSlow(bufferSize(bytes));
    const buffer = this.free[i]!;
    this.free[i] = this.free.at(-1)!;
    this.free.pop();
    this.freeBytes -= buffer.length;
    return buffer;
  }

  /** Past the pool's size the smallest buffers go: the larger ones can serve any file. */
  give(buffer: Buffer): void {
    this.free.push(buffer);
    this.freeBytes += buffer.length;
    while (this.freeBytes > POOL_BYTES) {
      const smallest = this.free.reduce(
        (min, b, i) => (b.length < this.free[min]!.length ? i : min),
        0,
      );
      this.freeBytes -= this.free[smallest]!.length;
      this.free[smallest] = this.free.at(-1)!;
      this.free.pop();
    }
  }
}

/**
 * Writes a store-only ZIP of the entries (read from `store`), in order, into `output`: a file
 * written under a temporary name or a multipart upload, so a half-written archive is never
 * served. A purpose-built writer rather than yazl: for archives of
 * thousands of small images yazl's per-entry work in JavaScript (a stream write per piece, an
 * event-loop turn per entry, a scan of every earlier entry for each new one) took longer than
 * `zip -0` needs for the whole archive. Here each file is read at its known size (a few read
 * ahead), its CRC-32 computed natively, and header and data go out together in 1 MB `writev`s;
 * memory holds the read-ahead, one batch and a small record per entry. ZIP64 records are written
 * when needed (past 65,535 entries or 4 GiB). An abort stops the writing and removes the file.
 */
export async function writeZip(options: {
  output: ObjectWriter;
  /** Where the entries' objects are. */
  store: ObjectStore;
  entries: Iterable<ZipEntry>;
  signal?: AbortSignal;
  onBytes?(bytes: number): void;
  /**
   * Where in its file the output begins (0 unless set), the bytes before it a hole the output
   * leaves: a test puts entries past 4 GiB, where offsets need ZIP64 fields, without writing 4 GiB.
   */
  startAt?: number;
  /** Asked once the archive is whole, before it takes its name; throwing leaves nothing. */
  beforeCommit?(): Promise<void>;
}): Promise<number> {
  const { signal, store } = options;
  const pool = new BufferPool();
  const output = new Output(options.output, signal, options.onBytes, pool, options.startAt ?? 0);
  const written: Written[] = [];
  const [time, date] = dosDateTime(new Date());
  try {
    const entries = [...options.entries];
    const loading = new Map<number, Promise<Buffer | string>>();
    const loadAhead = (from: number) => {
      let held = 0;
      for (let i = from; i < Math.min(entries.length, from + READ_AHEAD); i++) {
        const entry = entries[i]!;
        if ('body' in entry) continue;
        held += entry.bytes;
        if (i > from && held > READ_AHEAD_BYTES) break;
        if (loading.has(i)) continue;
        const loaded = load(entry, store, pool);
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
    await options.beforeCommit?.();
  } catch (error) {
    await options.output.abort();
    throw error;
  }
  await options.output.commit();
  return output.position;
}

/** The archive's output: pieces gathered and written in batches, in order. */
class Output {
  pending = 0;
  private chunks: Buffer[] = [];
  /** Pool buffers whose bytes are among the chunks: free again once those are written. */
  private slabs: Buffer[] = [];

  constructor(
    private readonly output: ObjectWriter,
    private readonly signal: AbortSignal | undefined,
    private readonly onBytes: ((bytes: number) => void) | undefined,
    private readonly pool: BufferPool,
    /** Where the archive's next byte goes once everything pushed is written. */
    public position: number,
  ) {}

  push(chunk: Buffer, slab?: Buffer): void {
    this.chunks.push(chunk);
    if (slab) this.slabs.push(slab);
    this.pending += chunk.length;
    this.position += chunk.length;
  }

  /** Writes every pending piece. */
  async flush(): Promise<void> {
    const chunks = this.chunks;
    this.chunks = [];
    this.pending = 0;
    this.signal?.throwIfAborted();
    if (chunks.length > 0) await this.output.write(chunks);
    for (const slab of this.slabs) this.pool.give(slab);
    this.slabs = [];
    this.onBytes?.(this.position);
  }
}

/** The pool buffer a file's bytes were read into (the bytes are a view of it). */
const slabOf = new WeakMap<Buffer, Buffer>();

/**
 * What to add for an entry: its bytes, or the path of a large local file to copy piece by piece.
 * An object in a bucket is read whole (images are a few MB at most).
 */
async function load(
  entry: ZipFileEntry,
  store: ObjectStore,
  pool: BufferPool,
): Promise<Buffer | string> {
  try {
    return await loadObject(store, entry.key, entry.bytes, pool);
  } catch (error) {
    if (!entry.refetch) throw error;
    const again = await entry.refetch();
    return loadObject(store, again.key, again.bytes, pool);
  }
}

async function loadObject(
  store: ObjectStore,
  key: string,
  bytes: number,
  pool: BufferPool,
): Promise<Buffer | string> {
  const file = store.localPath(key);
  if (file) return bytes > WHOLE_FILE_BYTES ? file : readKnown(file, bytes, pool);
  // Read into a pool buffer, given back once written: a bucket's images make no garbage.
  let slab: Buffer | undefined;
  const into = (length: number) => (slab = pool.take(length));
  let body: Buffer | null;
  try {
    body = await store.get(key, { into });
  } catch (error) {
    if (slab) pool.give(slab);
    throw error;
  }
  if (!body) throw new Error(`${key} is no longer in the store`);
  if (slab) {
    if (body.buffer === slab.buffer) slabOf.set(body, slab);
    else pool.give(slab);
  }
  return body;
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
