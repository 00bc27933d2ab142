export type CacheKind = 'listings' | 'images';

/** Hits and misses of the caches in front of the source site since this process started. */
export class CacheMeter {
  readonly #counts: Record<CacheKind, { hits: number; misses: number }> = {
    listings: { hits: 0, misses: 0 },
    images: { hits: 0, misses: 0 },
  };

  hit(kind: CacheKind): void {
    this.#counts[kind].hits += 1;
  }

  miss(kind: CacheKind): void {
    this.#counts[kind].misses += 1;
  }

  snapshot(): Record<CacheKind, { hits: number; misses: number }> {
    return structuredClone(this.#counts);
  }
}
