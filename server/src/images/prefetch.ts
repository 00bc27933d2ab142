import PQueue from 'p-queue';
import type { Kind } from '../config';
import { actAs } from '../upstream';
import type { ImageStore } from './store';

/** How many background fetches wait in the paced client at once: enough to keep its pace. */
const IN_FLIGHT = 2;

/**
 * Fetches the thumbnails of a listing a signed-in user opened, in the background: through the
 * paced client at its normal pace, behind every request a user waits for, each image once. Never
 * for anonymous callers (no user id, no prefetch). Stopped with the server; what it fetched stays.
 */
export class ThumbnailPrefetch {
  readonly #queue = new PQueue({ concurrency: IN_FLIGHT });
  readonly #listings = new Set<string>();
  #stopped = false;

  constructor(
    private readonly store: ImageStore,
    private readonly enabled: boolean,
  ) {}

  thumbnails(
    userId: number | null,
    listing: { kind: Kind; imageIds: readonly number[]; episode: { id: number } },
  ): void {
    if (!this.enabled || this.#stopped || userId === null) return;
    const key = `${listing.kind}:${listing.episode.id}`;
    if (this.#listings.has(key)) return;
    this.#listings.add(key);
    const { kind } = listing;
    const fetches = listing.imageIds.map((id) =>
      // Its own turn in the paced client, not that of the user who opened the listing.
      this.#queue.add(() => actAs('prefetch', () => this.store.prefetch(kind, id, 'thumb'))),
    );
    // A thumbnail the source refuses stays for the page to ask for (and report) itself.
    void Promise.allSettled(fetches).then(() => this.#listings.delete(key));
  }

  /** Waiting prefetches are dropped; the ones running finish. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#queue.clear();
    await this.#queue.onIdle();
  }
}
