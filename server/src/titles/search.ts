import type { ContentType, TitleMatch as TitleMatchView } from '@capshelf/contract';
import type { CatalogService, FoundByTitle, SearchRecord, TitleFinder } from '../catalog';
import { chineseNameOf, entryKeyOf, yearOf } from './entry';
import { hasCjk } from './normalise';
import { MAX_SOURCE_QUERIES, sourceQueriesFor } from './queries';
import type { TitleTable } from './table';

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
    if (!hasCjk(query)) return null;
    const index = this.deps.table.index();
    const matches = index.lookup(query, MATCHES_TRIED).map(({ entry }): TitleMatchView => ({
      chinese_name: chineseNameOf(entry),
      ref: entryKeyOf(entry),
      original_title: entry.title,
      year: yearOf(entry),
      queries: sourceQueriesFor(entry, index),
      tried: [],
    }));
    const plan = planQueries(matches);
    const records = new Map<string, SearchRecord>();
    const chineseNames = new Map<string, string>();
    const refs = new Map<string, string>();
    let cached = true;
    let fetchedAt = new Date().toISOString();
    for (const { text, match } of plan) {
      match.tried.push(text);
      const name = match.chinese_name;
      const found = await this.deps.catalog.search(text.toLowerCase(), contentType, refresh);
      cached &&= found.cached;
      if (found.fetchedAt < fetchedAt) fetchedAt = found.fetchedAt;
      for (const record of found.value) {
        const key = `${record.kind}:${record.id}`;
        if (records.has(key)) continue;
        records.set(key, record);
        chineseNames.set(key, name);
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

/** The source queries to try in order (the closest work's first), each once, at most three. */
function planQueries(matches: TitleMatchView[]) {
  const plan: { text: string; match: TitleMatchView }[] = [];
  for (const match of matches) {
    for (const text of match.queries) {
      const taken = plan.some((step) => step.text.toLowerCase() === text.toLowerCase());
      if (!taken && plan.length < MAX_SOURCE_QUERIES) plan.push({ text, match });
    }
  }
  return plan;
}
