import { close, open, read, writev } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { untilAborted } from './abort';

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
/** Stored entries are never larger than this: their local header has no room for ZIP64 sizes. */
const MAX_ENTRY_BYTES = 0xfffffffe;

const U32 = 0xffffffff;
const U16 = 0xffff;
/** Unix `-rw-r--r--` regular file, in the high half of the external attributes. */
const FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;
/** General purpose flag: names are UTF-8. */
const UTF8_NAMES = 0x0800;
/** "Made by" Unix (3), and the version of the format an entry needs: 2.0, or 4.5 for ZIP64. */
const MADE_BY_UNIX = 3 << 8;
const VERSION_DEFAULT = 20;
const VERSION_ZIP64 = 45;

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

/** What the central directory keeps of each entry written. */
interface Written {
  name: Buffer;
  crc: number;
  bytes: number;
  offset: number;
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
}): Promise<number> {
  const { signal } = options;
  const temporary = `${options.file}.tmp`;
  const fd = await fsCall<number>((done) => open(temporary, 'w', done));
  const pool = new BufferPool();
  const output = new Output(fd, signal, options.onBytes, pool);
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
  position = 0;
  pending = 0;
  private chunks: Buffer[] = [];
  /** Pool buffers whose bytes are among the chunks: free again once those are written. */
  private slabs: Buffer[] = [];

  constructor(
    private readonly fd: number,
    private readonly signal: AbortSignal | undefined,
    private readonly onBytes: ((bytes: number) => void) | undefined,
    private readonly pool: BufferPool,
  ) {}

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
      const done = await fsCall<number>((callback) => writev(this.fd, chunks, callback));
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

function localHeader(name: Buffer, crc: number, bytes: number, time: number, date: number) {
  const header = Buffer.allocUnsafe(30 + name.length);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION_DEFAULT, 4);
  header.writeUInt16LE(UTF8_NAMES, 6);
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt16LE(time, 10);
  header.writeUInt16LE(date, 12);
  header.writeUInt32LE(crc, 14);
  header.writeUInt32LE(bytes, 18);
  header.writeUInt32LE(bytes, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(0, 28);
  name.copy(header, 30);
  return header;
}

/** The entry's central directory record; an offset past 4 GiB goes in a ZIP64 extra field. */
function centralHeader(entry: Written, time: number, date: number): Buffer {
  const zip64 = entry.offset >= U32;
  const extra = zip64 ? 12 : 0;
  const header = Buffer.allocUnsafe(46 + entry.name.length + extra);
  const version = zip64 ? VERSION_ZIP64 : VERSION_DEFAULT;
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(MADE_BY_UNIX | version, 4);
  header.writeUInt16LE(version, 6);
  header.writeUInt16LE(UTF8_NAMES, 8);
  header.writeUInt16LE(0, 10);
  header.writeUInt16LE(time, 12);
  header.writeUInt16LE(date, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.bytes, 20);
  header.writeUInt32LE(entry.bytes, 24);
  header.writeUInt16LE(entry.name.length, 28);
  header.writeUInt16LE(extra, 30);
  header.writeUInt16LE(0, 32); // comment
  header.writeUInt16LE(0, 34); // disk
  header.writeUInt16LE(0, 36); // internal attributes
  header.writeUInt32LE(FILE_ATTRIBUTES, 38);
  header.writeUInt32LE(zip64 ? U32 : entry.offset, 42);
  entry.name.copy(header, 46);
  if (zip64) {
    const at = 46 + entry.name.length;
    header.writeUInt16LE(0x0001, at);
    header.writeUInt16LE(8, at + 2);
    header.writeBigUInt64LE(BigInt(entry.offset), at + 4);
  }
  return header;
}

/**
 * The end-of-central-directory record, preceded by the ZIP64 record and its locator when the
 * entry count, the directory's size or its offset does not fit the classic fields.
 */
function endOfArchive(count: number, start: number, size: number, end: number): Buffer {
  const zip64 = count >= U16 || start >= U32 || size >= U32;
  const parts: Buffer[] = [];
  if (zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4); // the size of the rest of this record
    record.writeUInt16LE(MADE_BY_UNIX | VERSION_ZIP64, 12);
    record.writeUInt16LE(VERSION_ZIP64, 14);
    record.writeUInt32LE(0, 16); // this disk
    record.writeUInt32LE(0, 20); // the directory's disk
    record.writeBigUInt64LE(BigInt(count), 24);
    record.writeBigUInt64LE(BigInt(count), 32);
    record.writeBigUInt64LE(BigInt(size), 40);
    record.writeBigUInt64LE(BigInt(start), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeUInt32LE(0, 4);
    locator.writeBigUInt64LE(BigInt(end), 8);
    locator.writeUInt32LE(1, 16);
    parts.push(record, locator);
  }
  const record = Buffer.alloc(22);
  record.writeUInt32LE(0x06054b50, 0);
  record.writeUInt16LE(0, 4);
  record.writeUInt16LE(0, 6);
  record.writeUInt16LE(zip64 ? U16 : count, 8);
  record.writeUInt16LE(zip64 ? U16 : count, 10);
  record.writeUInt32LE(zip64 ? U32 : size, 12);
  record.writeUInt32LE(zip64 ? U32 : start, 16);
  record.writeUInt16LE(0, 20); // comment
  parts.push(record);
  return Buffer.concat(parts);
}

/** MS-DOS time and date (local time, two-second steps), as ZIP headers hold them. */
function dosDateTime(at: Date): [number, number] {
  const time = (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1);
  const year = Math.max(0, at.getFullYear() - 1980);
  const date = (year << 9) | ((at.getMonth() + 1) << 5) | at.getDate();
  return [time, date];
}

function fsCall<T>(call: (done: (error: Error | null, value: T) => void) => void): Promise<T> {
  return new Promise<T>((resolve, reject) =>
    call((error, value) => (error ? reject(error) : resolve(value))),
  );
}
