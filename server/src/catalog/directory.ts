import type { Kysely } from 'kysely';
import type { Kind } from '../config';
import type { Database } from '../db';
import type { CacheGeneration } from '../images';

const CHUNK = 500;

/** Where an image was listed: its work and episode (titles when known) and its position. */
export interface ImagePlace {
  work_id: number;
  work_title: string | null;
  episode_id: number;
  episode_title: string | null;
  position: number;
}

/**
 * What the crawls taught us about works, episodes and which images belong to them. The image
 * cache is shared, so the libraries read titles and ownership from here.
 */
export class Directory {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly generation: CacheGeneration,
  ) {}

  async rememberWorks(works: { kind: Kind; id: number; title: string }[]): Promise<void> {
    if (works.length === 0) return;
    const updated_at = new Date().toISOString();
    await this.db.transaction().execute(async (trx) => {
      for (const work of works) {
        await trx
          .insertInto('works')
          .values({ kind: work.kind, id: work.id, title: work.title, updated_at })
          .onConflict((oc) =>
            oc.columns(['kind', 'id']).doUpdateSet({ title: work.title, updated_at }),
          )
          .execute();
      }
    });
    await this.generation.bump();
  }

  async rememberEpisodes(
    kind: 'anime' | 'tv',
    workId: number,
    episodes: { id: number; label: string }[],
  ) {
    if (episodes.length === 0) return;
    const updated_at = new Date().toISOString();
    await this.db.transaction().execute(async (trx) => {
      for (const episode of episodes) {
        await trx
          .insertInto('episodes')
          .values({ kind, id: episode.id, work_id: workId, label: episode.label, updated_at })
          .onConflict((oc) =>
            oc
              .columns(['kind', 'id'])
              .doUpdateSet({ work_id: workId, label: episode.label, updated_at }),
          )
          .execute();
      }
    });
    await this.generation.bump();
  }

  /** Records the owner of every image of an episode (or movie, with no episode id). */
  async rememberImages(kind: Kind, workId: number, episodeId: number | null, imageIds: number[]) {
    await this.db.transaction().execute(async (trx) => {
      for (let start = 0; start < imageIds.length; start += CHUNK) {
        const rows = imageIds.slice(start, start + CHUNK).map((id, offset) => ({
          kind,
          id,
          work_id: workId,
          episode_id: episodeId,
          position: start + offset,
        }));
        await trx
          .insertInto('image_index')
          .values(rows)
          .onConflict((oc) =>
            oc.columns(['kind', 'id']).doUpdateSet((eb) => ({
              work_id: eb.ref('excluded.work_id'),
              episode_id: eb.ref('excluded.episode_id'),
              position: eb.ref('excluded.position'),
            })),
          )
          .execute();
      }
    });
    await this.generation.bump();
  }

  async workTitle(kind: Kind, id: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('works')
      .select('title')
      .where('kind', '=', kind)
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.title ?? null;
  }

  /** The kind an image id was last seen under (ids are numbered per kind), else null. */
  async kindOfImage(id: number): Promise<Kind | null> {
    const row = await this.db
      .selectFrom('image_index')
      .select('kind')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.kind ?? null;
  }

  /** The kinds the listings named these images by (an image listed under none is missing). */
  async kindsOfImages(ids: readonly number[]): Promise<Map<number, Kind>> {
    const kinds = new Map<number, Kind>();
    for (let at = 0; at < ids.length; at += CHUNK) {
      const rows = await this.db
        .selectFrom('image_index')
        .select(['id', 'kind'])
        .where('id', 'in', ids.slice(at, at + CHUNK))
        .execute();
      for (const row of rows) kinds.set(Number(row.id), row.kind);
    }
    return kinds;
  }

  async imagesOfEpisode(kind: Kind, episodeId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('image_index')
      .select('id')
      .where('kind', '=', kind)
      .where(kind === 'movie' ? 'work_id' : 'episode_id', '=', episodeId)
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Where each of the images was listed (work, episode, 1-based position), by id, for the
   * images the crawls have seen; a movie's image has the movie as its episode.
   */
  async placesOf(kind: Kind, ids: number[]) {
    const places = new Map<number, ImagePlace>();
    for (let start = 0; start < ids.length; start += CHUNK) {
      const rows = await this.db
        .selectFrom('image_index as i')
        .leftJoin('works as w', (j) =>
          j.onRef('w.kind', '=', 'i.kind').onRef('w.id', '=', 'i.work_id'),
        )
        .leftJoin('episodes as e', (j) =>
          j.onRef('e.kind', '=', 'i.kind').onRef('e.id', '=', 'i.episode_id'),
        )
        .select(['i.id', 'i.work_id', 'i.episode_id', 'i.position', 'w.title', 'e.label'])
        .where('i.kind', '=', kind)
        .where('i.id', 'in', ids.slice(start, start + CHUNK))
        .execute();
      for (const row of rows)
        places.set(row.id, {
          work_id: row.work_id,
          work_title: row.title,
          episode_id: row.episode_id ?? row.work_id,
          episode_title: row.episode_id === null ? row.title : row.label,
          position: row.position + 1,
        });
    }
    return places;
  }

  /** Image counts of a work's episodes that have been crawled, by episode id. */
  async imageCounts(kind: Kind, workId: number): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('image_index')
      .select((eb) => ['episode_id', eb.fn.countAll<number>().as('n')])
      .where('kind', '=', kind)
      .where('work_id', '=', workId)
      .groupBy('episode_id')
      .execute();
    return new Map(
      rows.flatMap((r) => (r.episode_id === null ? [] : [[r.episode_id, Number(r.n)] as const])),
    );
  }
}
