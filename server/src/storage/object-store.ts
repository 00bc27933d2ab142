import type { Readable } from 'node:stream';

/** One object as the store lists or describes it. */
export interface ObjectInfo {
  key: string;
  bytes: number;
  modified: Date;
}

/** A write of unknown length in progress: the object appears whole on `commit`, or not at all. */
export interface ObjectWriter {
  /**
   * Sends the chunks in order; resolves once the store can take more (backpressure). The caller
   * may reuse the chunks' memory once it resolves (a writer that keeps them copies them).
   */
  write(chunks: Buffer[]): Promise<void>;
  /** The object takes its key, whole; resolves with its length. */
  commit(): Promise<number>;
  /** Nothing of the write is left behind (a temporary file removed, a multipart upload aborted). */
  abort(): Promise<void>;
}

/** Bytes `start..end`, both inclusive (as in an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where capshelf keeps what is a file (cached images, archives, dataset exports): a folder on this
 * machine (`STORAGE=local`) or an S3-compatible bucket shared by every node (`STORAGE=s3`).
 * Keys are `/`-separated relative names (`images/anime/thumb/001/1001.jpg`, `downloads/<id>.zip`);
 * a reader never sees half an object, and of concurrent writers of one key one whole body wins.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** For logs and health: the folder, or endpoint, bucket and prefix (never a secret). */
  readonly where: string;
  /** Start-up check: throws a `StoreSettingError` naming the setting at fault. */
  check(): Promise<void>;
  put(key: string, body: Buffer): Promise<void>;
  /** A streamed write (multipart on S3); an aborted `signal` aborts it. */
  writer(key: string, options?: { signal?: AbortSignal }): Promise<ObjectWriter>;
  /**
   * The whole object, or null when there is none. `into`, when given, is asked for a buffer of at
   * least the object's length once that is known, and the answer is then a view of it (a caller
   * that reuses its buffers makes no garbage per read); a store that reads otherwise ignores it.
   */
  get(key: string, options?: { into?(bytes: number): Buffer }): Promise<Buffer | null>;
  /** The object's bytes (or one range of them) as a stream, or null when there is none. */
  stream(key: string, range?: ByteRange): Promise<Readable | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Every object whose key starts with `prefix`, a page at a time (memory stays small). */
  list(prefix: string): AsyncIterable<ObjectInfo>;
  /** Removes the object; one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every object under `prefix`; resolves with how many went. */
  deletePrefix(prefix: string): Promise<number>;
  /** The object's file on this machine when the store is a local folder, else null (fast paths). */
  localPath(key: string): string | null;
  /**
   * Removes what killed writers left under `prefix` (temporary files, unfinished multipart
   * uploads) once older than `olderThanMs`; resolves with how many went.
   */
  removeStale(prefix: string, olderThanMs: number): Promise<number>;
}
