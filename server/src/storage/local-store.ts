import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { StoreFullError, StoreSettingError } from './errors';
import { checkKey, checkPrefix } from './keys';
import type { ByteRange, ObjectInfo, ObjectStore, ObjectWriter } from './object-store';

/** What `temporaryOf` names: never listed, removed by `removeStale` once abandoned. */
const TEMPORARY = /\.[0-9a-f]{8}\.tmp$/;

/**
 * A name beside the file that no reader asks for, its own to each write (two processes writing one
 * file never share it), removed by `removeStale` if left behind.
 */
export function temporaryOf(file: string): string {
  return `${file}.${randomBytes(4).toString('hex')}.tmp`;
}

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;

/** A file (or its folder) that is not there: a key naming a folder counts as missing too. */
const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes(codeOf(error) ?? '');

function missingAs<T>(value: T) {
  return (error: unknown): T => {
    if (isMissing(error)) return value;
    throw error;
  };
}

/** A full disk or quota as the store reports it; any other failure as it is. */
function storeError(error: unknown, file: string): unknown {
  const code = codeOf(error);
  if (code !== 'ENOSPC' && code !== 'EDQUOT') return error;
  return new StoreFullError(`no room to write ${file} (${code})`, { cause: error });
}

/** Opens a fresh temporary beside `file`, making its folder first (again, if a prune just took it). */
async function openTemporary(file: string): Promise<{ temporary: string; handle: FileHandle }> {
  const temporary = temporaryOf(file);
  for (let attempt = 1; ; attempt++) {
    await mkdir(path.dirname(file), { recursive: true });
    try {
      return { temporary, handle: await open(temporary, 'wx') };
    } catch (error) {
      if (attempt > 1 || codeOf(error) !== 'ENOENT') throw error;
    }
  }
}

/** The chunks past the first `written` bytes. */
function unwritten(chunks: Buffer[], written: number): Buffer[] {
  const left: Buffer[] = [];
  let skip = written;
  for (const chunk of chunks) {
    if (skip >= chunk.length) skip -= chunk.length;
    else {
      left.push(skip > 0 ? chunk.subarray(skip) : chunk);
      skip = 0;
    }
  }
  return left;
}

/** A write to a temporary file, renamed onto the object's file by `commit`. */
class FileWriter implements ObjectWriter {
  private bytes = 0;
  private over = false;
  private readonly onAbort = () => void this.abort();

  constructor(
    private readonly handle: FileHandle,
    private readonly temporary: string,
    private readonly file: string,
    private readonly signal?: AbortSignal,
  ) {
    signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  async write(chunks: Buffer[]): Promise<void> {
    this.checkOpen();
    try {
      // `writev` may take fewer bytes than asked (a signal, a nearly full disk): the rest goes again.
      let pending = chunks.filter((chunk) => chunk.length > 0);
      while (pending.length > 0) {
        const { bytesWritten } = await this.handle.writev(pending, this.bytes);
        this.bytes += bytesWritten;
        pending = unwritten(pending, bytesWritten);
      }
    } catch (error) {
      // A full disk leaves a partial temporary: it goes at once, not at the next clean-up.
      await this.abort();
      throw storeError(error, this.file);
    }
  }

  async commit(): Promise<number> {
    this.checkOpen();
    this.finish();
    try {
      await this.handle.close();
      await rename(this.temporary, this.file);
    } catch (error) {
      await rm(this.temporary, { force: true });
      throw storeError(error, this.file);
    }
    return this.bytes;
  }

  async abort(): Promise<void> {
    if (this.over) return;
    this.finish();
    // Waits for a write in progress, so the temporary is not written again once removed.
    await this.handle.close().catch(() => {});
    await rm(this.temporary, { force: true });
  }

  private checkOpen(): void {
    this.signal?.throwIfAborted();
    if (this.over) throw new Error(`the write of ${this.file} is over`);
  }

  private finish(): void {
    this.over = true;
    this.signal?.removeEventListener('abort', this.onAbort);
  }
}

/**
 * The objects as files under a folder (`<root>/images/anime/thumb/001/1001.jpg`), each written
 * under a temporary name and renamed, so a reader never sees half a file and of two writers of one
 * file the last rename wins, whole.
 */
export class LocalStore implements ObjectStore {
  readonly kind = 'local';
  readonly where: string;
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.where = this.root;
  }

  async check(): Promise<void> {
    try {
      await mkdir(this.root, { recursive: true });
      const probe = await openTemporary(path.join(this.root, '.capshelf-check'));
      await probe.handle.close();
      await rm(probe.temporary);
    } catch (error) {
      const reason = codeOf(error) ?? String(error);
      throw new StoreSettingError(
        'DATA_DIR',
        `DATA_DIR: cannot write to ${this.root} (${reason})`,
        {
          cause: error,
        },
      );
    }
  }

  localPath(key: string): string {
    checkKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Buffer): Promise<void> {
    const writer = await this.writer(key);
    await writer.write([body]);
    await writer.commit();
  }

  async writer(key: string, options: { signal?: AbortSignal } = {}): Promise<ObjectWriter> {
    options.signal?.throwIfAborted();
    const file = this.localPath(key);
    const { temporary, handle } = await openTemporary(file).catch((error: unknown) => {
      throw storeError(error, file);
    });
    return new FileWriter(handle, temporary, file, options.signal);
  }

  async get(key: string): Promise<Buffer | null> {
    return readFile(this.localPath(key)).catch(missingAs(null));
  }

  async stream(key: string, range?: ByteRange): Promise<Readable | null> {
    // Opened first, so a missing file is null here rather than an error on the stream later.
    const handle = await open(this.localPath(key), 'r').catch(missingAs(null));
    return handle && handle.createReadStream(range && { start: range.start, end: range.end });
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const info = await stat(this.localPath(key)).catch(missingAs(null));
    return info?.isFile() ? { key, bytes: info.size, modified: info.mtime } : null;
  }

  async *list(prefix: string): AsyncIterable<ObjectInfo> {
    for await (const { key, file } of this.files(prefix)) {
      if (TEMPORARY.test(key)) continue;
      const info = await stat(file).catch(missingAs(null));
      if (info) yield { key, bytes: info.size, modified: info.mtime };
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.localPath(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<number> {
    let removed = 0;
    for await (const { key, file } of this.files(prefix)) {
      if (TEMPORARY.test(key)) continue;
      await rm(file, { force: true });
      removed++;
    }
    if (prefix.endsWith('/')) await this.prune(prefix);
    return removed;
  }

  async removeStale(prefix: string, olderThanMs: number): Promise<number> {
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    for await (const { key, file } of this.files(prefix)) {
      if (!TEMPORARY.test(key)) continue;
      const info = await stat(file).catch(missingAs(null));
      if (!info || info.mtimeMs >= cutoff) continue;
      await rm(file, { force: true });
      removed++;
    }
    return removed;
  }

  /**
   * Every file whose key starts with `prefix`, temporaries included, walking one folder at a time
   * from the prefix's own (memory stays small however many files there are).
   */
  private async *files(prefix: string): AsyncGenerator<{ key: string; file: string }> {
    checkPrefix(prefix);
    const folders = [prefix.slice(0, prefix.lastIndexOf('/') + 1)];
    for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
      const dir = path.join(this.root, folder);
      const entries = await readdir(dir, { withFileTypes: true }).catch(missingAs([]));
      for (const entry of entries) {
        const key = folder + entry.name;
        if (entry.isDirectory()) {
          if (`${key}/`.startsWith(prefix)) folders.push(`${key}/`);
        } else if (entry.isFile() && key.startsWith(prefix)) {
          yield { key, file: path.join(dir, entry.name) };
        }
      }
    }
  }

  /** Removes the folders left empty under `folder` (itself too), deepest first. */
  private async prune(folder: string): Promise<void> {
    const dir = path.join(this.root, folder);
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (entry.isDirectory()) await this.prune(`${folder}${entry.name}/`);
    }
    // A folder still holding a file (a write in progress) stays.
    await rmdir(dir).catch(() => {});
  }
}
