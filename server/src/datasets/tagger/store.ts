import type { Kysely } from 'kysely';
import type { Kind } from '../../config';
import type { Database } from '../../db';

/** A tag's name, WD14 category and score. */
export type TagScore = [name: string, category: number, score: number];

/** Tags per image and model, shared by every user's jobs (db/migrations/024-image-tags.ts). */
export class ImageTagStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** The stored scores of those of `ids` tagged by `model`, by id. */
  async scoresOf(kind: Kind, ids: number[], model: string): Promise<Map<number, TagScore[]>> {
    const found = new Map<number, TagScore[]>();
    for (let from = 0; from < ids.length; from += 500) {
      const rows = await this.db
        .selectFrom('image_tags')
        .select(['image_id', 'scores'])
        .where('kind', '=', kind)
        .where('model', '=', model)
        .where('image_id', 'in', ids.slice(from, from + 500))
        .execute();
      for (const row of rows) found.set(row.image_id, JSON.parse(row.scores) as TagScore[]);
    }
    return found;
  }

  /** Keeps the first scores stored (another process may have tagged the image meanwhile). */
  async save(kind: Kind, id: number, model: string, scores: TagScore[]): Promise<void> {
    await this.db
      .insertInto('image_tags')
      .values({
        kind,
        image_id: id,
        model,
        scores: JSON.stringify(scores),
        created_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.columns(['kind', 'image_id', 'model']).doNothing())
      .execute();
  }
}
