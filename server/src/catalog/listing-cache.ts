import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { UpstreamError, type FetchLeases, type UserBudget } from '../upstream';
import type { CacheMeter } from '../site-health/cache-meter';

export interface Cached<T> {
  value: T;
  /** True when the answer came from the store without touching the upstream. */
  cached: boolean;
  fetchedAt: string;
}

export interface ListingOptions<T> {
  ttlMs: number;
  /** Bypass a fresh entry once (the page's refresh buttons). */
  refresh?: boolean;
  /** An empty listing where content was expected is answered but never stored. */
  isCacheable?: (value: T) => boolean;
}

/**
 * Upstream listings stored in the database with a freshness time. Identical requests in flight
 * share one upstream fetch (across processes too, through the fetch leases); when the upstream
 * fails, a stale entry is served rather than an error.
 */
export class ListingCache {
  private readonly inFlight = new Map<string, Promise<Cached<unknown>>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly leases: FetchLeases,
    private readonly meter?: CacheMeter,
    /** Charges a user's own request that will go to the source (per-user limits). */
    private readonly budget?: UserBudget,
  ) {}

  async get<T>(
    key: string,
    load: () => Promise<T>,
    options: ListingOptions<T>,
  ): Promise<Cached<T>> {
    const asked = new Date().toISOString();
    const stored = await this.read<T>(key);
    if (stored && !options.refresh && stored.fresh) {
      this.meter?.hit('listings');
      return stored.entry;
    }
    this.meter?.miss('listings');
    if (!this.inFlight.has(key)) {
      try {
        await this.budget?.charge('listing');
      } catch (error) {
        // Over the limit, what the cache holds (stale) still answers.
        if (stored) return stored.entry;
        throw error;
      }
    }
    let running = this.inFlight.get(key) as Promise<Cached<T>> | undefined;
    if (!running) {
      running = this.leases
        .once(
          `listing:${key}`,
          () => this.fetch(key, load, options),
          () => this.storedSince<T>(key, asked),
        )
        .finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, running);
    }
    try {
      return await running;
    } catch (error) {
      if (stored && error instanceof UpstreamError) return stored.entry;
      throw error;
    }
  }

  /** The stored entry if it is still fresh (what `get` would answer without a fetch). */
  async fresh<T>(key: string): Promise<Cached<T> | null> {
    const stored = await this.read<T>(key);
    return stored?.fresh ? stored.entry : null;
  }

  /** The stored entry, fresh or not, without any upstream request. */
  async peek<T>(key: string): Promise<Cached<T> | null> {
    return (await this.read<T>(key))?.entry ?? null;
  }

  async clear(keys: string[]): Promise<number> {
    if (keys.length === 0) return 0;
    const result = await this.db.deleteFrom('listings').where('key', 'in', keys).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async clearPrefix(prefix: string): Promise<number> {
    const result = await this.db
      .deleteFrom('listings')
      .where('key', 'like', `${prefix.replace(/[%_\\]/g, '\\$&')}%`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  private async read<T>(key: string) {
    const row = await this.db
      .selectFrom('listings')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) return null;
    const entry: Cached<T> = {
      value: JSON.parse(row.payload) as T,
      cached: true,
      fetchedAt: row.fetched_at,
    };
    return { entry, fresh: row.expires_at > new Date().toISOString() };
  }

  /** What another process fetched and stored while this one waited for it (this request's answer too). */
  private async storedSince<T>(key: string, asked: string): Promise<Cached<T> | null> {
    const stored = await this.read<T>(key);
    return stored && stored.entry.fetchedAt >= asked ? { ...stored.entry, cached: false } : null;
  }

  private async fetch<T>(
    key: string,
    load: () => Promise<T>,
    options: ListingOptions<T>,
  ): Promise<Cached<T>> {
    const value = await load();
    const now = Date.now();
    const fetchedAt = new Date(now).toISOString();
    if (options.isCacheable?.(value) ?? true) {
      const row = {
        payload: JSON.stringify(value),
        fetched_at: fetchedAt,
        expires_at: new Date(now + options.ttlMs).toISOString(),
      };
      await this.db
        .insertInto('listings')
        .values({ key, ...row })
        .onConflict((oc) => oc.column('key').doUpdateSet(row))
        .execute();
    }
    return { value, cached: false, fetchedAt };
  }
}
