import type { ContentType, TitleMatch as TitleMatchView } from '@capshelf/contract';
import type { CatalogService, FoundByTitle, SearchRecord, TitleFinder } from '../catalog';
import { chineseNameOf, entryKeyOf, yearOf, type TitleEntry } from './entry';
import { hasCjk } from './normalise';
import { MAX_SOURCE_QUERIES, sourceQueriesRead } from './queries';
import { romaniseTitle } from './romanise';
import type { TitleTable } from './table';
import type { TitleIndex } from './title-index';

/** Works of the table a query may name, the closest first: enough for three source queries. */
const MATCHES_TRIED = 3;

/**
 * A search by a Chinese or Japanese name, which the source's English and romaji catalogue cannot
 * read: the name is looked up in the local title table, and the source queries that can find its
 * works (English titles, romaji, the series' title) are sent one at a time through the catalogue's
 * search (paced and cached like any), until one finds something; at most three. Each result
 * carries the Chinese name of the work whose query found it.
 */
export class TitleSearch implements TitleFinder {
  constructor(
    private readonly deps: { table: TitleTable; catalog: Pick<CatalogService, 'search'> },
  ) {}

  async search(
    query: string,
    contentType: ContentType,
    refresh: boolean,
  ): Promise<FoundByTitle | null> {
    const cjk = hasCjk(query);
    // An English or romaji query goes to the source as it is, unless it names a work of the table
    // (romaji written together, "nonnonbiyori", where the source spaces it): it neither waits for
    // the table nor starts loading it, so until a Chinese query has, it goes as it is too.
    const index = cjk ? this.deps.table.index() : this.deps.table.builtIndex();
    if (!index) return null;
    const named = cjk
      ? index.lookup(query, MATCHES_TRIED).map(({ entry }) => entry)
      : (runTogetherNames(index).get(runTogether(query)) ?? []).slice(0, MATCHES_TRIED);
    const matches = await Promise.all(
      named.map(async (entry): Promise<TitleMatchView> => ({
        chinese_name: chineseNameOf(entry),
        ref: entryKeyOf(entry),
        original_title: entry.title,
        year: yearOf(entry),
        queries: await sourceQueriesRead(entry, index),
        tried: [],
      })),
    );
    if (!cjk && matches.length === 0) return null;
    // The query itself first when the source can read it: it counts as one of the three, and what
    // it finds is marked with no name (it was asked for as it is).
    const plan: { text: string; match: TitleMatchView | null }[] = cjk
      ? planQueries(matches, MAX_SOURCE_QUERIES)
      : [{ text: query, match: null }, ...planQueries(matches, MAX_SOURCE_QUERIES - 1, query)];
    const records = new Map<string, SearchRecord>();
    const chineseNames = new Map<string, string>();
    const refs = new Map<string, string>();
    let cached = true;
    let fetchedAt = new Date().toISOString();
    for (const { text, match } of plan) {
      (match ?? matches[0])?.tried.push(text);
      const found = await this.deps.catalog.search(text.toLowerCase(), contentType, refresh);
      cached &&= found.cached;
      if (found.fetchedAt < fetchedAt) fetchedAt = found.fetchedAt;
      for (const record of found.value) {
        const key = `${record.kind}:${record.id}`;
        if (records.has(key)) continue;
        records.set(key, record);
        if (!match) continue;
        chineseNames.set(key, match.chinese_name);
        refs.set(key, match.ref);
      }
      // The fewest requests: a query that found something is enough.
      if (records.size > 0) break;
    }
    return {
      records: [...records.values()],
      cached,
      fetchedAt,
      chineseNames,
      refs,
      matches,
    };
  }
}

const runTogether = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** Per index: its works by their English and romanised titles written together, built once. */
const byRunTogether = new WeakMap<TitleIndex, Map<string, TitleEntry[]>>();

function runTogetherNames(index: TitleIndex): Map<string, TitleEntry[]> {
  let names = byRunTogether.get(index);
  if (names) return names;
  names = new Map();
  for (const entry of index.entries) {
    const romaji = romaniseTitle(entry.title);
    const keys = new Set([...entry.en, ...(romaji ? [romaji] : [])].map(runTogether));
    for (const key of keys) if (key) names.set(key, [...(names.get(key) ?? []), entry]);
  }
  byRunTogether.set(index, names);
  return names;
}

/** The source queries to try in order (the closest work's first), each once, at most `most`. */
function planQueries(matches: TitleMatchView[], most: number, sent?: string) {
  const plan: { text: string; match: TitleMatchView }[] = [];
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  for (const match of matches) {
    for (const text of match.queries) {
      const taken = (sent && same(text, sent)) || plan.some((step) => same(step.text, text));
      if (!taken && plan.length < most) plan.push({ text, match });
    }
  }
  return plan;
}
