import type { Kysely, Selectable } from 'kysely';
import type { Kind } from '../config';
import type { Database } from '../db';
import type { WorkTitlesTable } from '../db/schema';

export type WorkTitleRow = Selectable<WorkTitlesTable>;
export type MatchedBy = WorkTitleRow['matched_by'];

/** What a match stores of a title-table entry. */
export interface StoredEntry {
  entryKey: string;
  chineseName: string;
  originalTitle: string;
  year: number | null;
  namesKey: string;
}

/** Ids per statement: well under SQLite's and Postgres' bound-parameter limits. */
const CHUNK = 500;

/** The work_titles table (migration 030): which entry of the title table each work is. */
export class WorkTitleStore {
  constructor(private readonly db: Kysely<Database>) {}

  get(kind: Kind, workId: number): Promise<WorkTitleRow | undefined> {
    return this.db
      .selectFrom('work_titles')
      .selectAll()
      .where('kind', '=', kind)
      .where('work_id', '=', workId)
      .executeTakeFirst();
  }

  /** The rows of these works (matched or removed), by `kind:id`. */
  async many(works: readonly { kind: Kind; id: number }[]): Promise<Map<string, WorkTitleRow>> {
    const found = new Map<string, WorkTitleRow>();
    const byKind = new Map<Kind, number[]>();
    for (const { kind, id } of works) byKind.set(kind, [...(byKind.get(kind) ?? []), id]);
    for (const [kind, ids] of byKind) {
      const unique = [...new Set(ids)];
      for (let at = 0; at < unique.length; at += CHUNK) {
        const rows = await this.db
          .selectFrom('work_titles')
          .selectAll()
          .where('kind', '=', kind)
          .where('work_id', 'in', unique.slice(at, at + CHUNK))
          .execute();
        for (const row of rows) found.set(`${row.kind}:${row.work_id}`, row);
      }
    }
    return found;
  }

  /**
   * Stores a match unless a stronger one stands: an admin's decision (a correction or a removal)
   * is only changed by an admin, and a match from an opened search is not replaced by a guess
   * from the title. Answers whether it was stored.
   */
  async save(
    kind: Kind,
    workId: number,
    entry: StoredEntry | null,
    matchedBy: MatchedBy,
    updatedBy: number | null = null,
    db: Kysely<Database> = this.db,
  ): Promise<boolean> {
    const values = {
      entry_key: entry?.entryKey ?? null,
      chinese_name: entry?.chineseName ?? null,
      original_title: entry?.originalTitle ?? null,
      year: entry?.year ?? null,
      names_key: entry?.namesKey ?? '',
      matched_by: matchedBy,
      updated_by: updatedBy,
      updated_at: new Date().toISOString(),
    };
    const weaker: MatchedBy[] =
      matchedBy === 'admin' || matchedBy === 'removed'
        ? ['title', 'search', 'admin', 'removed']
        : matchedBy === 'search'
          ? ['title', 'search']
          : [];
    const result = await db
      .insertInto('work_titles')
      .values({ kind, work_id: workId, ...values })
      .onConflict((oc) =>
        weaker.length === 0
          ? oc.columns(['kind', 'work_id']).doNothing()
          : oc
              .columns(['kind', 'work_id'])
              .doUpdateSet(values)
              .where('work_titles.matched_by', 'in', weaker),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
}
