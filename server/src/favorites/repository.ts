import type { FavoriteItemType, FavoriteTypeCounts } from '@capshelf/contract';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Kind } from '../config';
import type { Database } from '../db';
import type { FavoriteEpisodesTable, FavoriteImagesTable, FavoriteWorksTable } from '../db/schema';

export type WorkRow = Selectable<FavoriteWorksTable>;
export type EpisodeRow = Selectable<FavoriteEpisodesTable>;
export type ImageRow = Selectable<FavoriteImagesTable>;
export type NewWork = Insertable<FavoriteWorksTable>;
export type NewEpisode = Insertable<FavoriteEpisodesTable>;
export type NewImage = Insertable<FavoriteImagesTable>;

type FavoriteTable = 'favorite_works' | 'favorite_episodes' | 'favorite_images';
const TABLE: Record<FavoriteItemType, FavoriteTable> = {
  work: 'favorite_works',
  episode: 'favorite_episodes',
  image: 'favorite_images',
};

/** Rows per multi-row statement: well under SQLite's and Postgres' bound-parameter limits. */
const CHUNK = 200;

const chunks = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) =>
    items.slice(i * CHUNK, (i + 1) * CHUNK),
  );

/** Inserts that skip items the user already has (the per-user unique keys of migration 004). */
const insertWorks = (db: Kysely<Database>, rows: NewWork | NewWork[]) =>
  db
    .insertInto('favorite_works')
    .values(rows)
    .onConflict((oc) => oc.columns(['user_id', 'identity']).doNothing());
const insertEpisodes = (db: Kysely<Database>, rows: NewEpisode | NewEpisode[]) =>
  db
    .insertInto('favorite_episodes')
    .values(rows)
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'episode_id']).doNothing());
const insertImages = (db: Kysely<Database>, rows: NewImage | NewImage[]) =>
  db
    .insertInto('favorite_images')
    .values(rows)
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'image_id']).doNothing());

/**
 * Inserts unless the user already has the item. ON CONFLICT DO NOTHING instead of catching the
 * unique violation: a concurrent add of the same item then simply finds the winner's row.
 */
async function addOnce<Row>(
  insert: () => Promise<Row | undefined>,
  find: () => Promise<Row | undefined>,
): Promise<{ row: Row; created: boolean }> {
  // The winner's row could be deleted between our insert and our read; then we insert again.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const inserted = await insert();
    if (inserted) return { row: inserted, created: true };
    const existing = await find();
    if (existing) return { row: existing, created: false };
  }
  throw new Error('favourite kept conflicting without an existing row');
}

/** Data access for favourites; every query is scoped to one user. */
export class FavoriteRepository {
  constructor(private readonly db: Kysely<Database>) {}

  addWork(row: NewWork) {
    return addOnce(
      () => insertWorks(this.db, row).returningAll().executeTakeFirst(),
      () => this.findWork(row.user_id, row.identity),
    );
  }

  addEpisode(row: NewEpisode) {
    return addOnce(
      () => insertEpisodes(this.db, row).returningAll().executeTakeFirst(),
      () => this.findEpisode(row.user_id, row.kind, row.episode_id),
    );
  }

  addImage(row: NewImage) {
    return addOnce(
      () => insertImages(this.db, row).returningAll().executeTakeFirst(),
      () => this.findImage(row.user_id, row.kind, row.image_id),
    );
  }

  findWork(userId: number, identity: string): Promise<WorkRow | undefined> {
    return this.db
      .selectFrom('favorite_works')
      .selectAll()
      .where('user_id', '=', userId)
      .where('identity', '=', identity)
      .executeTakeFirst();
  }

  findWorkByTitle(userId: number, titleKey: string): Promise<WorkRow | undefined> {
    return this.db
      .selectFrom('favorite_works')
      .selectAll()
      .where('user_id', '=', userId)
      .where('title_key', '=', titleKey)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  findEpisode(userId: number, kind: Kind, episodeId: number): Promise<EpisodeRow | undefined> {
    return this.db
      .selectFrom('favorite_episodes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('episode_id', '=', episodeId)
      .executeTakeFirst();
  }

  /** Without a kind, a favourite of that image id under any kind. */
  findImage(userId: number, kind: Kind | null, imageId: number): Promise<ImageRow | undefined> {
    return this.db
      .selectFrom('favorite_images')
      .selectAll()
      .where('user_id', '=', userId)
      .where('image_id', '=', imageId)
      .$if(kind !== null, (qb) => qb.where('kind', '=', kind!))
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  /** The show an episode belongs to, when a crawl has seen it (read from the shared directory). */
  async knownWorkOfEpisode(kind: Kind, episodeId: number): Promise<number | null> {
    if (kind === 'movie') return null;
    const row = await this.db
      .selectFrom('episodes')
      .select('work_id')
      .where('kind', '=', kind)
      .where('id', '=', episodeId)
      .executeTakeFirst();
    return row?.work_id ?? null;
  }

  /** Newest first. */
  async list(userId: number) {
    const newestFirst = (table: FavoriteTable) =>
      this.db
        .selectFrom(table)
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    return {
      works: (await newestFirst('favorite_works')) as WorkRow[],
      episodes: (await newestFirst('favorite_episodes')) as EpisodeRow[],
      images: (await newestFirst('favorite_images')) as ImageRow[],
    };
  }

  async counts(userId: number): Promise<FavoriteTypeCounts> {
    const count = async (table: FavoriteTable) => {
      const row = await this.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    return {
      works: await count('favorite_works'),
      episodes: await count('favorite_episodes'),
      images: await count('favorite_images'),
    };
  }

  /** True when the user had that favourite. */
  async remove(userId: number, type: FavoriteItemType, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom(TABLE[type])
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** One transaction; ids that are not the user's are simply not matched. */
  removeMany(userId: number, ids: Record<FavoriteItemType, number[]>): Promise<FavoriteTypeCounts> {
    return this.db.transaction().execute(async (trx) => {
      const removeAll = async (type: FavoriteItemType) => {
        let deleted = 0;
        for (const part of chunks([...new Set(ids[type])])) {
          const result = await trx
            .deleteFrom(TABLE[type])
            .where('user_id', '=', userId)
            .where('id', 'in', part)
            .executeTakeFirst();
          deleted += Number(result.numDeletedRows);
        }
        return deleted;
      };
      return {
        works: await removeAll('work'),
        episodes: await removeAll('episode'),
        images: await removeAll('image'),
      };
    });
  }

  /** All or nothing; rows the user already has are skipped. Returns how many were inserted. */
  addMany(rows: {
    works: NewWork[];
    episodes: NewEpisode[];
    images: NewImage[];
  }): Promise<FavoriteTypeCounts> {
    return this.db.transaction().execute(async (trx) => ({
      works: await insertNew(rows.works, (part) => insertWorks(trx, part)),
      episodes: await insertNew(rows.episodes, (part) => insertEpisodes(trx, part)),
      images: await insertNew(rows.images, (part) => insertImages(trx, part)),
    }));
  }
}

/** Multi-row inserts in chunks; the count is of rows actually inserted (not skipped). */
async function insertNew<Row>(
  rows: Row[],
  statement: (part: Row[]) => {
    executeTakeFirst(): Promise<{ numInsertedOrUpdatedRows?: bigint | undefined }>;
  },
): Promise<number> {
  let inserted = 0;
  for (const part of chunks(rows)) {
    const result = await statement(part).executeTakeFirst();
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  return inserted;
}
