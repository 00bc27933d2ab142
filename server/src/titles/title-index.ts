import { entryKeyOf, yearOf, type TitleEntry } from './entry';
import { cjkLength, titleKeys } from './normalise';

/** Why an entry answered a query, from the closest to the loosest. */
export type MatchReason = 'exact' | 'series' | 'prefix' | 'substring';

export interface TitleMatch {
  readonly entry: TitleEntry;
  readonly reason: MatchReason;
  /** The entry's name that matched, as the table writes it. */
  readonly name: string;
}

interface SeriesMember {
  readonly entry: number;
  readonly season: number | null;
  /** The key of the name that put it in the series. */
  readonly name: number;
}

interface Candidate {
  readonly entry: number;
  readonly name: number;
  /** 0 exact, 1 series and same season, 2 series and another season, 3 prefix, 4 substring. */
  readonly tier: number;
  /** Characters of the matched name beyond the query: fewer is closer. */
  readonly extra: number;
}

const REASONS: readonly MatchReason[] = ['exact', 'series', 'series', 'prefix', 'substring'];
// Parts of a query of one Chinese character match hundreds of titles: no guess before two.
const MIN_CJK_FOR_PARTIAL = 2;
// Separates the keys in the one string scanned for partial matches; no key contains it.
const SEPARATOR = '\u0001';

/**
 * Every name of every work (original, zh-Hans, zh-Hant, English), folded into lookup keys
 * (normalise.ts). Partial matches scan one string of all keys with indexOf, which takes well
 * under a millisecond for the whole table and needs no per-character index in memory.
 */
export class TitleIndex {
  private readonly keyIds = new Map<string, number>();
  private readonly keys: string[] = [];
  private readonly keyNames: string[] = [];
  private readonly keyEntries: number[][] = [];
  private readonly series = new Map<string, SeriesMember[]>();
  private readonly entryBaseKeys: string[][];
  private readonly begins: Float64Array;
  private readonly allKeys: string;
  private readonly keyStarts: Int32Array;
  private byKeys: Map<string, TitleEntry> | null = null;

  constructor(readonly entries: readonly TitleEntry[]) {
    this.begins = Float64Array.from(entries, (entry) => Date.parse(entry.begin) || 0);
    this.entryBaseKeys = entries.map((entry) => this.add(entry));
    this.keyStarts = new Int32Array(this.keys.length);
    let offset = 0;
    this.keys.forEach((key, id) => {
      this.keyStarts[id] = offset + SEPARATOR.length;
      offset += SEPARATOR.length + key.length;
    });
    this.allKeys = SEPARATOR + this.keys.join(SEPARATOR);
  }

  /** Indexes an entry's names and returns their series keys. */
  private add(entry: TitleEntry): string[] {
    const baseKeys = new Set<string>();
    for (const name of [entry.title, ...entry.zhHans, ...entry.zhHant, ...entry.en]) {
      const { key, baseKey, season } = titleKeys(name);
      if (key === '') continue;
      let id = this.keyIds.get(key);
      if (id === undefined) {
        id = this.keys.push(key) - 1;
        this.keyIds.set(key, id);
        this.keyNames.push(name);
        this.keyEntries.push([]);
      }
      const owners = this.keyEntries[id]!;
      if (owners.at(-1) !== entry.id) owners.push(entry.id);
      if (baseKey === '' || baseKeys.has(baseKey)) continue;
      baseKeys.add(baseKey);
      const members = this.series.get(baseKey) ?? [];
      members.push({ entry: entry.id, season, name: id });
      this.series.set(baseKey, members);
    }
    return [...baseKeys];
  }

  /**
   * The works a Chinese or Japanese query names, closest first: the same name once folded; then
   * the same series (season words aside), the season asked for first; then, for two or more
   * Chinese or Japanese characters, names that start with or contain it. Ties go to the nearest
   * length, then the newest work; a query with 剧场版 or 映画 puts films first within a tier.
   */
  lookup(query: string, limit = 20): TitleMatch[] {
    const asked = titleKeys(query);
    if (asked.key === '') return [];
    const best = new Map<number, Candidate>();
    const offer = (candidate: Candidate) => {
      const held = best.get(candidate.entry);
      if (!held || this.compare(candidate, held, asked.movie) < 0)
        best.set(candidate.entry, candidate);
    };
    const exact = this.keyIds.get(asked.key);
    if (exact !== undefined) {
      for (const entry of this.keyEntries[exact]!) offer({ entry, name: exact, tier: 0, extra: 0 });
    }
    for (const member of this.series.get(asked.baseKey) ?? []) {
      const tier = member.season === asked.season ? 1 : 2;
      offer({ entry: member.entry, name: member.name, tier, extra: 0 });
    }
    if (cjkLength(asked.baseKey) >= MIN_CJK_FOR_PARTIAL) this.partial(asked.baseKey, offer);
    return [...best.values()]
      .sort((a, b) => this.compare(a, b, asked.movie))
      .slice(0, limit)
      .map((candidate) => ({
        entry: this.entries[candidate.entry]!,
        reason: REASONS[candidate.tier]!,
        name: this.keyNames[candidate.name]!,
      }));
  }

  /**
   * The other works of an entry's series (a name equal once season words are set aside), nearest
   * in time first.
   */
  seriesOf(entry: TitleEntry): TitleEntry[] {
    const related = new Set<number>();
    for (const baseKey of this.entryBaseKeys[entry.id] ?? []) {
      for (const member of this.series.get(baseKey) ?? []) related.add(member.entry);
    }
    related.delete(entry.id);
    const begin = this.begins[entry.id]!;
    return [...related]
      .sort((a, b) => Math.abs(this.begins[a]! - begin) - Math.abs(this.begins[b]! - begin))
      .map((id) => this.entries[id]!);
  }

  /** The entry a stored match names (`entryKeyOf`), or null when this table has none such. */
  byKey(key: string): TitleEntry | null {
    this.byKeys ??= new Map(this.entries.map((entry) => [entryKeyOf(entry), entry]));
    return this.byKeys.get(key) ?? null;
  }

  /**
   * The one entry a source title names without doubt: the same name once folded (an English
   * title, usually), of the same year when the source gives one (beside it or in the title), a film for a film and a series
   * for a series; null when none or several do.
   */
  sameTitle(title: string, year: number | null, film: boolean): TitleEntry | null {
    // The source writes a film's year into its title: "A Silent Voice (2016)".
    const dated = /^(.*\S)\s*\((\d{4})\)$/u.exec(title);
    if (dated) [title, year] = [dated[1]!, year ?? Number(dated[2])];
    const id = this.keyIds.get(titleKeys(title).key);
    if (id === undefined) return null;
    const found = this.keyEntries[id]!.map((entry) => this.entries[entry]!).filter(
      (entry) => (entry.type === 'movie') === film && (year === null || yearOf(entry) === year),
    );
    return found.length === 1 ? found[0]! : null;
  }

  /** Offers every name that starts with or contains the key. */
  private partial(key: string, offer: (candidate: Candidate) => void): void {
    for (let at = this.allKeys.indexOf(key); at >= 0; at = this.allKeys.indexOf(key, at + 1)) {
      const name = this.keyAt(at);
      const tier = this.keyStarts[name] === at ? 3 : 4;
      const extra = this.keys[name]!.length - key.length;
      for (const entry of this.keyEntries[name]!) offer({ entry, name, tier, extra });
    }
  }

  /** The key whose text holds the position `at` of allKeys (binary search over the starts). */
  private keyAt(at: number): number {
    let low = 0;
    let high = this.keyStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.keyStarts[middle]! <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  private compare(a: Candidate, b: Candidate, preferFilms: boolean): number {
    const film = (candidate: Candidate) =>
      preferFilms && this.entries[candidate.entry]!.type !== 'movie' ? 1 : 0;
    return (
      a.tier - b.tier ||
      film(a) - film(b) ||
      a.extra - b.extra ||
      this.begins[b.entry]! - this.begins[a.entry]! ||
      a.entry - b.entry
    );
  }
}
