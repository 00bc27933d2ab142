import type { LocalLibrarySort } from '@capshelf/contract';
import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Kind } from '../config';
import type { Database } from '../db';
import { episodeTotals, indexRows, type LibraryOwner } from './scope';

/** One cached image: its largest stored file's bytes and its newest file's time. */
export type ImageAggregate = { kind: Kind; id: number; max_bytes: number; last_cached: string };

/** A cached image with the titles of what owns it, when known. */
export interface CachedImageRow extends ImageAggregate {
  work_title: string | null;
  episode_title: string | null;
}

/** The file column each sort walks, and the image's aggregate it answers with. */
const SORT_COLUMN = { id: 'id', date: 'cached_at', size: 'bytes' } as const;
const ORDER_COLUMN = { id: 'id', date: 'last_cached', size: 'max_bytes' } as const;

type CachedAlias = Database & { c: Database['cached_images'] };

/**
 * SQL of the flat library and of the uncategorized group: one row per cached image, aggregated
 * and paged in the database, so only one page reaches JavaScript.
 */
export class CachedImageQueries {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * A page of the local library. By date or size, the walk follows an index of 005 and keeps one
   * row per image (its newest, resp. largest, file), so the first page reads about a page of rows
   * instead of grouping the whole cache; by id, the group-by streams along the (id, kind) index.
   */
  async localPage(
    owner: LibraryOwner,
    sort: LocalLibrarySort,
    limit: number,
    offset: number,
  ): Promise<CachedImageRow[]> {
    const [key, direction] = sort.split('_') as ['id' | 'date' | 'size', 'asc' | 'desc'];
    const all = key === 'id' ? this.groupedById() : this.representatives(SORT_COLUMN[key]);
    // A user's page walks the same index, keeping the images of episodes they opened.
    const base = owner === 'all' ? all : all.where((eb) => eb.exists(this.ownedBy(owner)));
    // Ties broken by id then kind in the same direction, so each sort is the exact reverse of its twin.
    // Only orders that match an index in full let the walk stop after the page (no repeated id).
    const paged = (key === 'id' ? base : base.orderBy(`c.${SORT_COLUMN[key]}`, direction))
      .orderBy('c.id', direction)
      .orderBy('c.kind', direction)
      .limit(limit)
      .offset(offset);
    return this.withTitles(paged, key, direction);
  }

  /**
   * A page of a small library, read from its owner's side: the user's episodes' images (history →
   * image_index → cached_images), aggregated per image and sorted. Its cost follows the library's
   * size, where `localPage`'s walk of the whole cache's order follows how far into that order the
   * user's images lie (the whole cache for a user whose few images are the oldest).
   */
  async ownPage(
    userId: number,
    sort: LocalLibrarySort,
    limit: number,
    offset: number,
  ): Promise<CachedImageRow[]> {
    const [key, direction] = sort.split('_') as ['id' | 'date' | 'size', 'asc' | 'desc'];
    // Each image's files are read by key (no join for a planner without statistics to start
    // from the cache's side); an image of the user's episodes without a file is left out.
    const fileOf = (eb: ExpressionBuilder<Database & { ii: Database['image_index'] }, 'ii'>) =>
      eb
        .selectFrom('cached_images as c')
        .whereRef('c.kind', '=', 'ii.kind')
        .whereRef('c.id', '=', 'ii.id');
    const images = (movie: boolean) =>
      this.db
        .selectFrom('history as h')
        // A cross join: SQLite keeps this order (the user's few rows first) and Postgres plans
        // it as the inner join it is. Two joins instead of an OR, so each can use its index.
        .crossJoin('image_index as ii')
        .whereRef('ii.kind', '=', 'h.kind')
        .whereRef(movie ? 'ii.work_id' : 'ii.episode_id', '=', 'h.episode_id')
        .select((eb) => [
          'ii.kind',
          'ii.id',
          fileOf(eb)
            .select((c) => c.fn.max('c.bytes').as('b'))
            .as('max_bytes'),
          fileOf(eb)
            .select((c) => c.fn.max('c.cached_at').as('t'))
            .as('last_cached'),
        ])
        .where('h.user_id', '=', userId)
        .where('h.kind', movie ? '=' : '!=', 'movie');
    const paged = this.db
      .selectFrom(images(false).unionAll(images(true)).as('c'))
      .select(['c.kind', 'c.id', 'c.max_bytes', 'c.last_cached'])
      .where('c.last_cached', 'is not', null)
      .$if(key !== 'id', (q) => q.orderBy(`c.${ORDER_COLUMN[key]}`, direction))
      .orderBy('c.id', direction)
      .orderBy('c.kind', direction)
      .limit(limit)
      .offset(offset)
      .$castTo<ImageAggregate>();
    return this.withTitles(paged, key, direction);
  }

  /** How many images one user's library holds and the bytes of their files (running totals). */
  async openedStats(userId: number): Promise<{ images: number; bytes: number }> {
    const row = await episodeTotals(this.db, { userId })
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>('le.images'), eb.lit(0)).as('n'),
        eb.fn.coalesce(eb.fn.sum<number>('le.bytes'), eb.lit(0)).as('bytes'),
      ])
      .executeTakeFirstOrThrow();
    return { images: Number(row.n), bytes: Number(row.bytes) };
  }

  /** The owner's image_index row of the outer query's cached file `c` (for an EXISTS). */
  private ownedBy(owner: LibraryOwner) {
    return indexRows(this.db, owner)
      .select(sql.lit(1).as('one'))
      .where(sql<boolean>`ii.kind = c.kind and ii.id = c.id`);
  }

  /** A page of images with the titles of what owns them, in the page's order. */
  private withTitles(
    paged: SelectQueryBuilder<Database, never, ImageAggregate>,
    key: 'id' | 'date' | 'size',
    direction: 'asc' | 'desc',
  ): Promise<CachedImageRow[]> {
    return this.db
      .selectFrom(paged.as('img'))
      .leftJoin('image_index as ii', (j) =>
        j.onRef('ii.kind', '=', 'img.kind').onRef('ii.id', '=', 'img.id'),
      )
      .leftJoin('works as w', (j) =>
        j.onRef('w.kind', '=', 'ii.kind').onRef('w.id', '=', 'ii.work_id'),
      )
      .leftJoin('episodes as e', (j) =>
        j.onRef('e.kind', '=', 'ii.kind').onRef('e.id', '=', 'ii.episode_id'),
      )
      .select([
        'img.kind',
        'img.id',
        'img.max_bytes',
        'img.last_cached',
        'w.title as work_title',
        'e.label as episode_title',
      ])
      .$if(key !== 'id', (q) => q.orderBy(`img.${ORDER_COLUMN[key]}`, direction))
      .orderBy('img.id', direction)
      .orderBy('img.kind', direction)
      .execute();
  }

  /** One row per image, grouped along the (id, kind) index of 005. */
  private groupedById() {
    return this.db
      .selectFrom('cached_images as c')
      .select((eb) => [
        'c.kind',
        'c.id',
        eb.fn.max('c.bytes').as('max_bytes'),
        eb.fn.max('c.cached_at').as('last_cached'),
      ])
      .groupBy(['c.id', 'c.kind'])
      .$castTo<ImageAggregate>();
  }

  /**
   * One file row per image: the one no other file of the image beats on `column` (ties by size
   * name), with the image's other aggregate read for that row only.
   */
  private representatives(column: 'cached_at' | 'bytes') {
    const maxOf = (eb: ExpressionBuilder<CachedAlias, 'c'>, of: 'cached_at' | 'bytes') =>
      eb
        .selectFrom('cached_images as m')
        .select((m) => m.fn.max(`m.${of}`).as('value'))
        .whereRef('m.kind', '=', 'c.kind')
        .whereRef('m.id', '=', 'c.id');
    return this.db
      .selectFrom('cached_images as c')
      .select((eb) => [
        'c.kind',
        'c.id',
        (column === 'bytes' ? eb.ref('c.bytes') : maxOf(eb, 'bytes')).as('max_bytes'),
        (column === 'cached_at' ? eb.ref('c.cached_at') : maxOf(eb, 'cached_at')).as('last_cached'),
      ])
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('cached_images as n')
              .select(sql.lit(1).as('one'))
              .whereRef('n.kind', '=', 'c.kind')
              .whereRef('n.id', '=', 'c.id')
              .where(({ eb, or, and, ref }) =>
                or([
                  eb(`n.${column}`, '>', ref(`c.${column}`)),
                  and([
                    eb(`n.${column}`, '=', ref(`c.${column}`)),
                    eb('n.size', '>', ref('c.size')),
                  ]),
                ]),
              ),
          ),
        ),
      )
      .$castTo<ImageAggregate>();
  }

  /** Cached images nobody listed (no owner in image_index), one row per image. */
  private uncategorized() {
    return this.groupedById().where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('image_index as ii')
            .select(sql.lit(1).as('one'))
            .whereRef('ii.kind', '=', 'c.kind')
            .whereRef('ii.id', '=', 'c.id'),
        ),
      ),
    );
  }

  /** How many images are uncategorized and when the newest of them was cached. */
  async uncategorizedSummary(): Promise<{ count: number; last_cached: string | null }> {
    const row = await this.db
      .selectFrom(this.uncategorized().as('u'))
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('u.last_cached').as('last')])
      .executeTakeFirstOrThrow();
    return { count: Number(row.n), last_cached: row.last ?? null };
  }

  /** A page of the uncategorized images, in id order. */
  async uncategorizedPage(limit: number, offset: number): Promise<ImageAggregate[]> {
    return this.uncategorized()
      .orderBy('c.id')
      .orderBy('c.kind')
      .limit(limit)
      .offset(offset)
      .$castTo<ImageAggregate>()
      .execute();
  }
}
