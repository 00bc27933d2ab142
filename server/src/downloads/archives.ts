import type { Readable } from 'node:stream';
import type { ByteRange, ObjectInfo, ObjectStore, ObjectWriter } from '../storage';

const PREFIX = 'downloads/';
const SUFFIX = '.zip';

/** An abandoned upload is older than any archive write could take between two heartbeats. */
const STALE_WRITE_MS = 6 * 60 * 60 * 1000;

/**
 * The tasks' archives in the store (`downloads/<id>.zip`): on this machine's disk or in the bucket
 * every node shares, so an archive written by one node downloads from any.
 */
export class Archives {
  constructor(readonly store: ObjectStore) {}

  keyOf(id: string): string {
    return `${PREFIX}${id}${SUFFIX}`;
  }

  writer(id: string, signal?: AbortSignal): Promise<ObjectWriter> {
    return this.store.writer(this.keyOf(id), { signal });
  }

  info(id: string): Promise<ObjectInfo | null> {
    return this.store.head(this.keyOf(id));
  }

  stream(id: string, range?: ByteRange): Promise<Readable | null> {
    return this.store.stream(this.keyOf(id), range);
  }

  async remove(ids: string[]): Promise<void> {
    await Promise.all(ids.map((id) => this.store.delete(this.keyOf(id))));
  }

  /**
   * What writes of these tasks left half done (a dead or stalled process's): temporary files on
   * disk. In a bucket an unfinished upload is never listed; `removeStale` aborts it later.
   */
  async removePartials(ids: string[]): Promise<void> {
    await Promise.all(ids.map((id) => this.store.removeStale(`${this.keyOf(id)}.`, 0)));
  }

  /**
   * What a killed process can leave when no other may be writing: every half-written archive, and
   * one put in place just before its task was recorded as finished (never served, nor expiring).
   */
  async removeLeftovers(servable: Set<string>): Promise<void> {
    await this.store.removeStale(PREFIX, 0);
    const stray: string[] = [];
    for await (const { key } of this.store.list(PREFIX)) {
      const id = key.slice(PREFIX.length, -SUFFIX.length);
      if (key.endsWith(SUFFIX) && !servable.has(id)) stray.push(id);
    }
    await this.remove(stray);
  }

  /** Unfinished uploads of processes long gone (the store may be shared, so only old ones). */
  removeStale(): Promise<number> {
    return this.store.removeStale(PREFIX, STALE_WRITE_MS);
  }
}
