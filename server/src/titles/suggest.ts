import { chineseNameOf, entryKeyOf, yearOf, type TitleType } from './entry';
import type { TitleIndex } from './title-index';

/** The bound on suggestions shown while typing. */
export const MAX_SUGGESTIONS = 8;

export interface TitleSuggestion {
  /** The entry's position in the loaded table (TitleEntry.id). */
  readonly id: number;
  /** What a stored match keeps of the entry (an admin's correction names it). */
  readonly ref: string;
  readonly chineseName: string;
  readonly originalTitle: string;
  readonly year: number | null;
  readonly type: TitleType;
}

/**
 * Suggestions for a query being typed, from the local table alone (no source request): the
 * index's lookup, closest first, at most MAX_SUGGESTIONS. Partial matches start at two Chinese or
 * Japanese characters, so one character suggests only works of exactly that name.
 */
export function suggest(
  index: TitleIndex,
  query: string,
  limit = MAX_SUGGESTIONS,
): TitleSuggestion[] {
  return index.lookup(query, Math.min(limit, MAX_SUGGESTIONS)).map(({ entry }) => ({
    id: entry.id,
    ref: entryKeyOf(entry),
    chineseName: chineseNameOf(entry),
    originalTitle: entry.title,
    year: yearOf(entry),
    type: entry.type,
  }));
}
