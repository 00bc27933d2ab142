import { useCallback, useState } from 'react';

/** Browser storage of past searches. */
export const HISTORY_KEY = 'fancaps-search-history';
export const HISTORY_MAX = 10;
export const RECENT_SHOWN = 8;
export const SUGGESTIONS_MAX = 5;
export const SUGGEST_MIN_CHARS = 2;

export interface HistoryEntry {
  query: string;
  timestamp: number;
  results_count: number;
}

// The server lowercases queries, so "Non" and "non" are one search.
const sameQuery = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The stored history; anything unreadable counts as empty rather than breaking the page. */
export function readHistory(): HistoryEntry[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(HISTORY_KEY) ?? '[]');
    if (!Array.isArray(stored)) return [];
    return stored.filter(
      (entry): entry is HistoryEntry =>
        typeof entry?.query === 'string' &&
        typeof entry.timestamp === 'number' &&
        typeof entry.results_count === 'number',
    );
  } catch {
    return [];
  }
}

/** Newest first, one entry per query, at most 10. */
export function addEntry(history: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  const others = history.filter((old) => !sameQuery(old.query, entry.query));
  return [entry, ...others].slice(0, HISTORY_MAX);
}

/** Up to 5 past queries containing `text` (2+ characters), excluding `text` itself. */
export function suggestionsFor(history: readonly HistoryEntry[], text: string): HistoryEntry[] {
  const needle = text.trim().toLowerCase();
  if (needle.length < SUGGEST_MIN_CHARS) return [];
  return history
    .filter(
      (entry) => entry.query.toLowerCase().includes(needle) && !sameQuery(entry.query, needle),
    )
    .slice(0, SUGGESTIONS_MAX);
}

export function useSearchHistory() {
  const [history, setHistory] = useState(readHistory);
  const record = useCallback((query: string, resultsCount: number) => {
    const next = addEntry(readHistory(), {
      query,
      timestamp: Date.now(),
      results_count: resultsCount,
    });
    localStorage.setItem(HISTORY_KEY, JSON.stringify(next));
    setHistory(next);
  }, []);
  return { history, recent: history.slice(0, RECENT_SHOWN), record };
}
