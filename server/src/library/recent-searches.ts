import {
  RECENT_SEARCHES_KEPT,
  SUGGEST_MIN_CHARS,
  SUGGESTIONS_MAX,
  type RecentSearch,
} from '@capshelf/contract';
import type { RecentSearchStore } from './recent-search-store';

/**
 * Each account's recent searches and the suggestions drawn from them. Kept on the server per
 * user, so nothing of one account stays in a browser for the next one to see.
 */
export class RecentSearches {
  constructor(private readonly store: RecentSearchStore) {}

  async record(userId: number, query: string, resultsCount: number): Promise<void> {
    await this.store.add(userId, query, resultsCount, RECENT_SEARCHES_KEPT);
  }

  async list(userId: number): Promise<RecentSearch[]> {
    return this.store.list(userId, RECENT_SEARCHES_KEPT);
  }

  /** Up to 5 of the user's past queries containing `text` (2+ characters), other than `text`. */
  async suggestions(userId: number, text: string): Promise<RecentSearch[]> {
    if (text.length < SUGGEST_MIN_CHARS) return [];
    // At most RECENT_SEARCHES_KEPT rows: matching here keeps LIKE's wildcards out of the way.
    const all = await this.list(userId);
    return all.filter((s) => s.query.includes(text) && s.query !== text).slice(0, SUGGESTIONS_MAX);
  }

  async clear(userId: number): Promise<number> {
    return this.store.clear(userId);
  }
}
