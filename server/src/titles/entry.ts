import { hasCjk } from './normalise';

export type TitleType = 'tv' | 'movie' | 'ova' | 'web';

/** One work of the title table: the fields the server uses (the table's `sites` are dropped). */
export interface TitleEntry {
  /** Position in the loaded table: stable for the life of the process only. */
  readonly id: number;
  /** bangumi.tv's subject id, the key that survives a newer table (missing on ~1% of works). */
  readonly bangumiId: string | null;
  /** The title in the work's original language (`lang`), usually Japanese. */
  readonly title: string;
  readonly lang: string;
  readonly type: TitleType;
  readonly zhHans: readonly string[];
  readonly zhHant: readonly string[];
  readonly en: readonly string[];
  /** ISO-8601 first broadcast or release; '' when the table does not know it. */
  readonly begin: string;
  readonly end: string | null;
  /** ISO-8601 repeating interval, e.g. `R/2020-01-01T13:00:00Z/P7D`. */
  readonly broadcast: string | null;
}

/**
 * The name shown to a Chinese reader: simplified first. The table's translation lists also hold
 * Latin names (`Rewrite`, `SPY x FAMILY`), so a name with Chinese characters wins over the first.
 */
export function chineseNameOf(entry: TitleEntry): string {
  return (
    entry.zhHans.find(hasCjk) ??
    entry.zhHant.find(hasCjk) ??
    entry.zhHans[0] ??
    entry.zhHant[0] ??
    entry.title
  );
}

/** The year of the first broadcast or release, or null when the table has no date. */
export function yearOf(entry: TitleEntry): number | null {
  const year = /^\d{4}/.exec(entry.begin);
  return year ? Number(year[0]) : null;
}

/** What a stored match keeps of an entry: bangumi.tv's id, which a newer table keeps too. */
export function entryKeyOf(entry: TitleEntry): string {
  return entry.bangumiId ?? `title:${entry.title}|${entry.begin.slice(0, 10)}`;
}
