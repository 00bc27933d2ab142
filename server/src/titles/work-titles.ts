import { ContentType, type WorkChineseTitle } from '@capshelf/contract';
import type { Kysely } from 'kysely';
import type { AuditLog } from '../audit';
import type { CatalogService, NamedWork, WorkNamer } from '../catalog';
import type { Kind } from '../config';
import type { Database } from '../db';
import { conflict, notFound } from '../errors';
import type { Logger } from '../logger';
import { chineseNameOf, entryKeyOf, yearOf, type TitleEntry } from './entry';
import { compactTitle, foldTitle } from './normalise';
import { sourceQueriesRead } from './queries';
import type { TitleTable } from './table';
import type { TitleIndex } from './title-index';
import type { StoredEntry, WorkTitleRow, WorkTitleStore } from './work-title-store';

export interface WorkRef {
  kind: Kind;
  id: number;
}

/**
 * The Chinese names of the source's works: which entry of the title table a work is, stored once
 * for the whole server. A match comes from a user opening a work found by a Chinese query (checked
 * against the search that found it), from a title and year that name one entry without doubt, or
 * from an admin, whose corrections and removals (audited) nothing else overrides.
 */
export class WorkTitles implements WorkNamer {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      store: WorkTitleStore;
      table: TitleTable;
      catalog: Pick<CatalogService, 'peekSearch'>;
      audit: AuditLog;
      logger: Logger;
    },
  ) {}

  /**
   * The Chinese names of these works, by `kind:id`. A work with a title and no stored decision is
   * matched by its title and year when the index is built; when it is not, it is built in the
   * background and this answer goes without (the next one has them).
   */
  async namesOf(works: readonly NamedWork[]): Promise<Map<string, string>> {
    const rows = await this.deps.store.many(works);
    const names = new Map<string, string>();
    for (const [key, row] of rows) if (row.chinese_name) names.set(key, row.chinese_name);
    const unknown = works.filter((work) => work.title && !rows.has(`${work.kind}:${work.id}`));
    const index = unknown.length > 0 ? this.deps.table.indexIfReady() : null;
    for (const work of index ? unknown : []) {
      const entry = index!.sameTitle(work.title!, work.year ?? null, work.kind === 'movie');
      if (!entry) continue;
      await this.deps.store.save(work.kind, work.id, stored(entry), 'title');
      names.set(`${work.kind}:${work.id}`, chineseNameOf(entry));
    }
    return names;
  }

  /** A work's match as its page shows it (an admin may correct it there), or null. */
  async titleOf(work: NamedWork): Promise<WorkChineseTitle | null> {
    // One read of the stored decision (the images page asks on every progress poll); only a work
    // with none is matched by its title.
    const row = await this.deps.store.get(work.kind, work.id);
    if (row || !work.title) return answer(row);
    if (!(await this.namesOf([work])).size) return null;
    return answer(await this.deps.store.get(work.kind, work.id));
  }

  /**
   * A user opened a work from a search by a Chinese name: the work becomes that entry's, if a
   * search the server made for the entry (in its cache: no source request) listed the work. A
   * claim no such search backs changes nothing.
   */
  async opened(work: WorkRef, ref: string): Promise<WorkChineseTitle | null> {
    const index = this.deps.table.index();
    const entry = index.byKey(ref);
    if (!entry) throw notFound('标题表中没有这部作品');
    const record = await this.searchFound(index, entry, work);
    if (!record) throw conflict('这部作品不是由这个中文名搜索到的');
    // Found through another work of the series (a later season by its first season's English
    // title), the work is that one: the entry asked for would name it for everyone.
    const named = index.sameTitle(record.title, record.year, record.kind === 'movie');
    const sibling = named && index.seriesOf(entry).includes(named) ? named : null;
    await this.deps.store.save(work.kind, work.id, stored(sibling ?? entry), 'search');
    return answer(await this.deps.store.get(work.kind, work.id));
  }

  /** An admin names the work's entry (`ref`) or removes its match (null); audited with it. */
  async correct(
    adminId: number,
    work: WorkRef,
    ref: string | null,
  ): Promise<WorkChineseTitle | null> {
    const entry = ref === null ? null : this.deps.table.index().byKey(ref);
    if (ref !== null && !entry) throw notFound('标题表中没有这部作品');
    const before = await this.deps.store.get(work.kind, work.id);
    await this.deps.db.transaction().execute(async (trx) => {
      const matchedBy = entry ? 'admin' : 'removed';
      await this.deps.store.save(
        work.kind,
        work.id,
        entry && stored(entry),
        matchedBy,
        adminId,
        trx,
      );
      await this.deps.audit.recordIn(trx, {
        actorId: adminId,
        source: 'web',
        action: entry ? 'title.correct' : 'title.remove',
        target: `${work.kind}:${work.id}`,
        detail: {
          before: before?.chinese_name ?? null,
          after: entry ? chineseNameOf(entry) : null,
        },
      });
    });
    return answer(await this.deps.store.get(work.kind, work.id));
  }

  /**
   * The title-table entries these works are matched to (a follow's broadcast schedule), by
   * `kind:id`. Nobody waits for the table: while it loads in the background, none.
   */
  async entriesOf(works: readonly WorkRef[]): Promise<Map<string, TitleEntry>> {
    const rows = await this.deps.store.many(works);
    const index = rows.size > 0 ? this.deps.table.indexIfReady() : null;
    const entries = new Map<string, TitleEntry>();
    for (const [key, row] of index ? rows : []) {
      const entry = row.entry_key ? index!.byKey(row.entry_key) : null;
      if (entry) entries.set(key, entry);
    }
    return entries;
  }

  async entryOf(work: WorkRef): Promise<TitleEntry | null> {
    return (await this.entriesOf([work])).get(`${work.kind}:${work.id}`) ?? null;
  }

  /** The work as a search the server made for the entry listed it, or null. */
  private async searchFound(index: TitleIndex, entry: TitleEntry, work: WorkRef) {
    // The queries a search by the entry's Chinese name sends (titles/search.ts), as it sends them.
    const queries = (await sourceQueriesRead(entry, index)).map((text) => text.toLowerCase());
    for (const query of new Set(queries)) {
      for (const contentType of ContentType.options) {
        const found = await this.deps.catalog.peekSearch(query, contentType);
        const record = found?.value.find((r) => r.kind === work.kind && r.id === work.id);
        if (record) return record;
      }
    }
    return null;
  }
}

/** What a match keeps of an entry: its names folded into one key for the libraries' filters. */
function stored(entry: TitleEntry): StoredEntry {
  const names = [entry.title, ...entry.zhHans, ...entry.zhHant];
  return {
    entryKey: entryKeyOf(entry),
    chineseName: chineseNameOf(entry),
    originalTitle: entry.title,
    year: yearOf(entry),
    namesKey: names.map((name) => compactTitle(foldTitle(name))).join(' '),
  };
}

function answer(row: WorkTitleRow | undefined): WorkChineseTitle | null {
  if (!row?.chinese_name || !row.entry_key || row.matched_by === 'removed') return null;
  return {
    chinese_name: row.chinese_name,
    original_title: row.original_title ?? '',
    year: row.year,
    ref: row.entry_key,
    matched_by: row.matched_by,
  };
}
