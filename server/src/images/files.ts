import { closeSync, fstatSync, openSync, read } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { ImageSize, Kind } from '../config';
import { temporaryOf, type ObjectStore } from '../storage';

/** A write in progress is seconds old (the upstream timeout bounds it); an hour-old one was abandoned. */
const STALE_WRITE_MS = 60 * 60 * 1000;

const PREFIX = 'images/';

export interface StoredImage {
  /** The object's key in the store (`images/<kind>/<size>/<shard>/<id>.jpg`). */
  key: string;
  /** The size actually served (a fallback may serve a smaller one). */
  size: ImageSize;
  bytes: number;
  etag: string;
}

/** An image taken out of service by eviction, until its row is gone (or it is put back). */
export interface RetiredImage {
  key: string;
  /** Where a local file waits under a temporary name; null in a bucket (it is still in place). */
  temporary: string | null;
}

/** An image id never changes its picture upstream, so kind, id, size and length identify the bytes. */
function etagOf(kind: Kind, id: number, size: ImageSize, bytes: number): string {
  return `"${kind}-${id}-${size}-${bytes}"`;
}

/**
 * The image files in the store (`images/<kind>/<size>/<id mod 1000>/<id>.jpg`), a folder on this
 * machine or a bucket every node shares; each written whole or not at all.
 */
export class ImageFiles {
  constructor(private readonly store: ObjectStore) {}

  keyOf(kind: Kind, id: number, size: ImageSize): string {
    const shard = String(id % 1000).padStart(3, '0');
    return `${PREFIX}${kind}/${size}/${shard}/${id}.jpg`;
  }

  /** The stored image as its record says it is (no access to the store). */
  described(kind: Kind, id: number, size: ImageSize, bytes: number): StoredImage {
    return { key: this.keyOf(kind, id, size), size, bytes, etag: etagOf(kind, id, size, bytes) };
  }

  async stored(kind: Kind, id: number, size: ImageSize): Promise<StoredImage | null> {
    const info = await this.store.head(this.keyOf(kind, id, size));
    return info && this.described(kind, id, size, info.bytes);
  }

  /** The image's bytes; null when it went meanwhile (evicted, cleared). */
  read(image: StoredImage): Promise<Buffer | null> {
    return this.store.get(image.key);
  }

  /**
   * A small image's bytes when its file is on this machine, with one trip through the thread
   * pool: open, fstat and close run here, as nginx runs them (the kernel answers them from its
   * cache of names and inodes in microseconds; a trip costs more), and only the read, which may
   * wait for the disk, goes to the pool. Undefined when the file is not local, is not there, or
   * is larger than `largest`: the caller's slower path decides then.
   */
  readSmall(
    kind: Kind,
    id: number,
    size: ImageSize,
    largest: number,
    done: (found: { image: StoredImage; body: Buffer } | undefined) => void,
  ): void {
    const file = this.store.localPath(this.keyOf(kind, id, size));
    if (!file) return done(undefined);
    let fd: number;
    let bytes: number;
    try {
      fd = openSync(file, 'r');
    } catch {
      return done(undefined);
    }
    try {
      const stats = fstatSync(fd);
      bytes = stats.isFile() && stats.size <= largest ? stats.size : -1;
    } catch {
      bytes = -1;
    }
    if (bytes < 0) {
      closeSync(fd);
      return done(undefined);
    }
    const body = Buffer.allocUnsafeSlow(bytes);
    read(fd, body, 0, bytes, 0, (readError, bytesRead) => {
      closeSync(fd);
      const whole = !readError && bytesRead === bytes;
      done(whole ? { image: this.described(kind, id, size, bytes), body } : undefined);
    });
  }

  stream(image: StoredImage): Promise<Readable | null> {
    return this.store.stream(image.key);
  }

  /** The image's file when the store is a folder on this machine (read in place), else null. */
  localPath(image: StoredImage): string | null {
    return this.store.localPath(image.key);
  }

  /** Written whole (a temporary name, or one object put): a reader never sees half an image. */
  async write(kind: Kind, id: number, size: ImageSize, body: Buffer): Promise<StoredImage> {
    await this.store.put(this.keyOf(kind, id, size), body);
    return this.described(kind, id, size, body.length);
  }

  /**
   * Takes an image out of service before its row goes (eviction). On disk it is renamed to a
   * temporary name, so no reader finds it while its row is deleted and a crash leaves only a
   * temporary the next start removes. A bucket cannot rename: the object stays until `discard`,
   * and a reader that finds its row gone meanwhile fetches it again. Null when it is not there.
   */
  async retire(kind: Kind, id: number, size: ImageSize): Promise<RetiredImage | null> {
    const key = this.keyOf(kind, id, size);
    const file = this.store.localPath(key);
    if (!file) return (await this.store.head(key)) ? { key, temporary: null } : null;
    const temporary = temporaryOf(file);
    try {
      await rename(file, temporary);
      return { key, temporary };
    } catch {
      return null;
    }
  }

  /** Puts a retired image back (its row was written again meanwhile, so it is still wanted). */
  async restore(retired: RetiredImage): Promise<void> {
    if (!retired.temporary) return;
    await rename(retired.temporary, this.store.localPath(retired.key)!).catch(() =>
      rm(retired.temporary!, { force: true }),
    );
  }

  async discard(retired: RetiredImage): Promise<void> {
    if (!retired.temporary) return this.store.delete(retired.key);
    await rm(retired.temporary, { force: true });
  }

  remove(kind: Kind, id: number, size: ImageSize): Promise<void> {
    return this.store.delete(this.keyOf(kind, id, size));
  }

  async removeAll(): Promise<void> {
    await this.store.deletePrefix(PREFIX);
  }

  /**
   * Removes what a killed process left half written (never served) once it is older than any
   * write in progress could be: temporary files on disk, unfinished uploads in a bucket.
   */
  removeStaleTemporaries(olderThanMs = STALE_WRITE_MS): Promise<number> {
    return this.store.removeStale(PREFIX, olderThanMs);
  }
}
