import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageSize, Kind } from '../config';

/** A write in progress is seconds old (the upstream timeout bounds it); an hour-old one was abandoned. */
const STALE_TEMPORARY_MS = 60 * 60 * 1000;

export interface StoredImage {
  file: string;
  /** The size actually served (a fallback may serve a smaller one). */
  size: ImageSize;
  bytes: number;
  etag: string;
}

/** An image id never changes its picture upstream, so kind, id, size and length identify the bytes. */
function etagOf(kind: Kind, id: number, size: ImageSize, bytes: number): string {
  return `"${kind}-${id}-${size}-${bytes}"`;
}

/**
 * A name beside the file that no reader asks for, its own to each write (two processes writing one
 * file never share it), removed by the next start if left behind.
 */
export function temporaryOf(file: string): string {
  return `${file}.${randomBytes(4).toString('hex')}.tmp`;
}

/** The image files on disk: `<root>/<kind>/<size>/<id mod 1000>/<id>.jpg`, written whole or not at all. */
export class ImageFiles {
  constructor(private readonly root: string) {}

  fileOf(kind: Kind, id: number, size: ImageSize): string {
    const shard = String(id % 1000).padStart(3, '0');
    return path.join(this.root, kind, size, shard, `${id}.jpg`);
  }

  /** The stored image as its record says it is (no disk access). */
  described(kind: Kind, id: number, size: ImageSize, bytes: number): StoredImage {
    return { file: this.fileOf(kind, id, size), size, bytes, etag: etagOf(kind, id, size, bytes) };
  }

  async onDisk(kind: Kind, id: number, size: ImageSize): Promise<StoredImage | null> {
    try {
      const info = await stat(this.fileOf(kind, id, size));
      return this.described(kind, id, size, info.size);
    } catch {
      return null;
    }
  }

  /** Written under a temporary name and renamed, so a reader never sees half a file. */
  async write(kind: Kind, id: number, size: ImageSize, body: Buffer): Promise<StoredImage> {
    const file = this.fileOf(kind, id, size);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = temporaryOf(file);
    try {
      await writeFile(temporary, body);
      await rename(temporary, file);
    } catch (error) {
      // A full disk leaves a partial temporary: it goes at once, not at the next start.
      await rm(temporary, { force: true });
      throw error;
    }
    return this.described(kind, id, size, body.length);
  }

  /**
   * Takes a file out of service before its row goes (eviction): renamed to a temporary name, so a
   * reader never finds it while its row is being deleted, and a crash leaves only a temporary the
   * next start removes. Null when the file is not there.
   */
  async retire(kind: Kind, id: number, size: ImageSize): Promise<string | null> {
    const file = this.fileOf(kind, id, size);
    const temporary = temporaryOf(file);
    try {
      await rename(file, temporary);
      return temporary;
    } catch {
      return null;
    }
  }

  /** Puts a retired file back (its row was written again meanwhile, so it is still wanted). */
  async restore(temporary: string, kind: Kind, id: number, size: ImageSize): Promise<void> {
    await rename(temporary, this.fileOf(kind, id, size)).catch(() =>
      rm(temporary, { force: true }),
    );
  }

  async discard(temporary: string): Promise<void> {
    await rm(temporary, { force: true });
  }

  async remove(kind: Kind, id: number, size: ImageSize): Promise<void> {
    await rm(this.fileOf(kind, id, size), { force: true });
  }

  async removeAll(): Promise<void> {
    // A fetch finishing meanwhile may add a file while the tree is removed (ENOTEMPTY): retried.
    await rm(this.root, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  }

  /**
   * Removes what a killed process left half written (`<id>.jpg.<hex>.tmp`, never served) once it
   * is older than any write in progress could be. Walks one shard directory at a time, so memory
   * stays small however large the cache.
   */
  async removeStaleTemporaries(olderThanMs = STALE_TEMPORARY_MS): Promise<number> {
    const cutoff = Date.now() - olderThanMs;
    const children = (dir: string) => readdir(dir).catch(() => [] as string[]);
    let removed = 0;
    for (const kind of await children(this.root)) {
      for (const size of await children(path.join(this.root, kind))) {
        for (const shard of await children(path.join(this.root, kind, size))) {
          const dir = path.join(this.root, kind, size, shard);
          for (const name of await children(dir)) {
            if (!name.endsWith('.tmp')) continue;
            const file = path.join(dir, name);
            const info = await stat(file).catch(() => null);
            if (!info || info.mtimeMs >= cutoff) continue;
            await rm(file, { force: true });
            removed++;
          }
        }
      }
    }
    return removed;
  }
}
