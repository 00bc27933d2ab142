import {
  MAX_DATASET_DRAFTS,
  type DatasetDraft,
  type DatasetDraftSummary,
  type SaveDatasetDraftRequest,
  type TagEdits,
} from '@capshelf/contract';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../db';
import type { ReviewDraftsTable } from '../db/schema';
import { conflict, notFound } from '../errors';

type DraftInput = z.output<typeof SaveDatasetDraftRequest>;
type DraftRow = Selectable<ReviewDraftsTable>;

/** One draft per user and work: the kind (or none, as the page's address gives it) and the address. */
const workKey = (work: { work_url: string; kind?: 'anime' | 'tv' | undefined }) =>
  `${work.kind ?? ''}|${work.work_url}`;

/**
 * Each user's saved dataset reviews (制作数据集 drafts, migration 032). Every call names its owner,
 * so one user never reads or changes another's. A save replaces the draft whole (one upsert), so
 * saving the same draft again changes nothing but its time.
 */
export class DatasetDrafts {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  async list(userId: number): Promise<DatasetDraftSummary[]> {
    const rows = await this.db
      .selectFrom('review_drafts')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => summaryOf(row));
  }

  async get(
    userId: number,
    work: { work_url: string; kind?: 'anime' | 'tv' },
  ): Promise<DatasetDraft | null> {
    const row = await this.db
      .selectFrom('review_drafts')
      .selectAll()
      .where('user_id', '=', userId)
      .where('work_key', '=', workKey(work))
      .executeTakeFirst();
    return row ? draftOf(row) : null;
  }

  async save(userId: number, input: DraftInput): Promise<DatasetDraftSummary> {
    const values = {
      title: input.title,
      keep_ids: JSON.stringify(input.keep_image_ids),
      drop_ids: JSON.stringify(input.drop_image_ids),
      tag_edits: JSON.stringify(input.tag_edits),
      trigger_word: input.trigger_word,
      updated_at: new Date(this.now()).toISOString(),
    };
    await this.refuseOneTooMany(userId, workKey(input));
    const row = await this.db
      .insertInto('review_drafts')
      .values({
        user_id: userId,
        work_key: workKey(input),
        work_url: input.work_url,
        kind: input.kind ?? null,
        ...values,
      })
      .onConflict((oc) => oc.columns(['user_id', 'work_key']).doUpdateSet(values))
      .returningAll()
      .executeTakeFirstOrThrow();
    return summaryOf(row);
  }

  /** A new draft past the limit is refused (a change to one the user has is always taken). */
  private async refuseOneTooMany(userId: number, key: string): Promise<void> {
    const { drafts, here } = await this.db
      .selectFrom('review_drafts')
      .select((eb) => [
        eb.fn.countAll<number>().as('drafts'),
        eb.fn.countAll<number>().filterWhere('work_key', '=', key).as('here'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(here) === 0 && Number(drafts) >= MAX_DATASET_DRAFTS)
      throw conflict(`最多保存 ${MAX_DATASET_DRAFTS} 份数据集草稿，请先删除不用的草稿`);
  }

  /** Removes the caller's draft; another user's id is not found, as one that never was. */
  async remove(userId: number, id: number): Promise<void> {
    const removed = await this.db
      .deleteFrom('review_drafts')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw notFound('草稿不存在');
  }
}

function summaryOf(row: DraftRow): DatasetDraftSummary {
  const edits = JSON.parse(row.tag_edits) as TagEdits;
  return {
    id: row.id,
    work_url: row.work_url,
    kind: row.kind,
    title: row.title,
    kept: (JSON.parse(row.keep_ids) as number[]).length,
    dropped: (JSON.parse(row.drop_ids) as number[]).length,
    tag_edit_count: edits.remove.length + edits.replace.length,
    updated_at: row.updated_at,
  };
}

function draftOf(row: DraftRow): DatasetDraft {
  return {
    ...summaryOf(row),
    keep_image_ids: JSON.parse(row.keep_ids) as number[],
    drop_image_ids: JSON.parse(row.drop_ids) as number[],
    tag_edits: JSON.parse(row.tag_edits) as TagEdits,
    trigger_word: row.trigger_word,
  };
}
