import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, SUGGEST_MIN_CHARS } from '@capshelf/contract';
import { call } from './client';

/** Recent searches stay fresh 5 min; a search or a clearing reloads them at once. */
const RECENT_STALE = 5 * 60_000;

export const recentSearchKeys = {
  all: ['recent-searches'] as const,
  list: ['recent-searches', 'list'] as const,
  suggestions: (text: string) => ['recent-searches', 'suggestions', text] as const,
};

/** The signed-in account's recent searches, newest first (kept on the server, per account). */
export function useRecentSearches() {
  return useQuery({
    queryKey: recentSearchKeys.list,
    queryFn: ({ signal }) => call(api.recentSearches.list, {}, { signal }),
    staleTime: RECENT_STALE,
  });
}

/** The account's past queries containing `text`; nothing is asked below 2 characters. */
export function useSearchSuggestions(text: string) {
  const needle = text.trim().toLowerCase();
  return useQuery({
    queryKey: recentSearchKeys.suggestions(needle),
    queryFn: ({ signal }) =>
      call(api.recentSearches.suggestions, { query: { q: needle } }, { signal }),
    staleTime: RECENT_STALE,
    enabled: needle.length >= SUGGEST_MIN_CHARS,
  });
}

/** Notes a finished search; a side record, so its failure is not the visitor's problem. */
export function useRecordSearch() {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: (search: { query: string; results_count: number }) =>
      call(api.recentSearches.add, { body: search }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recentSearchKeys.all }),
  });
  return mutate;
}

/** Forgets the account's recent searches (nobody else's). */
export function useClearRecentSearches() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.recentSearches.clear),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recentSearchKeys.all }),
  });
}
