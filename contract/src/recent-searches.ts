import { z } from 'zod';
import { SearchText } from './browse';

/**
 * Each account's recent searches, kept on the server (never in the browser, so a second account
 * on the same browser sees none of them). Newest first, one entry per query.
 */
export const RECENT_SEARCHES_KEPT = 10;
export const RECENT_SEARCHES_SHOWN = 8;
export const SUGGESTIONS_MAX = 5;
export const SUGGEST_MIN_CHARS = 2;

export const RecentSearch = z.object({
  query: z.string(),
  results_count: z.number().int(),
  searched_at: z.string(),
});
export type RecentSearch = z.infer<typeof RecentSearch>;

export const RecentSearchesResponse = z.object({ searches: z.array(RecentSearch) });
export type RecentSearchesResponse = z.infer<typeof RecentSearchesResponse>;

export const AddRecentSearchRequest = z.object({
  query: SearchText,
  results_count: z.number().int().min(0).max(1_000_000).default(0),
});
export type AddRecentSearchRequest = z.input<typeof AddRecentSearchRequest>;

/** `GET /search/recent/suggestions?q=`: past queries containing `q` (shorter `q`: none). */
export const SuggestionsQuery = z.object({ q: z.string().trim().toLowerCase().max(200) });
export type SuggestionsQuery = z.input<typeof SuggestionsQuery>;

export const ClearRecentSearchesResponse = z.object({ cleared: z.number().int() });
export type ClearRecentSearchesResponse = z.infer<typeof ClearRecentSearchesResponse>;
