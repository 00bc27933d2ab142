import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Kind } from '../config';
import type { Database } from '../db';
import type { ImageAggregate } from './image-queries';
import { episodeTotals, type LibraryOwner } from './scope';
import { worksNamed } from './works-named';

export interface WorkGroupRow {
  kind: Kind;
  work_id: number;
  title: string | null;
  /** The work's Chinese name (work_titles), when the server has matched it. */
  chinese_name: string | null;
  image_count: number;
  last_cached: string;
  /** Over every work, not just this page (window totals: one query for page and totals). */
  total_works: number;
  /** Cached images that have a known work, over every work. */
  indexed_images: number;
}

export interface EpisodePreviewRow {
  kind: Kind;
  work_id: number;
  /** null for a movie's images: a movie is its own single episode. */
  episode_id: number | null;
  label: string | null;
  image_count: number;
  /** Ids of the first four cached images, in episode order. */
  previews: number[];
}

export const PREVIEWS = 4;

type IndexRef = ExpressionBuilder<Database & { ii: Database['image_index'] }, 'ii'>;

/** image_index rows of one episode: a movie's images carry no episode id, only the work (movie) id. */
function ofEpisode(eb: IndexRef, kind: Kind, workId: number, episodeId: number) {
  return kind === 'movie'
    ? eb.and([eb('ii.kind', '=', kind), eb('ii.work_id', '=', episodeId)])
    : eb.and([
        eb('ii.kind', '=', kind),
        eb('ii.episode_id', '=', episodeId),
        eb('ii.work_id', '=', workId),
      ]);
}

const isCached = (eb: IndexRef) =>
  eb.exists(
    eb
      .selectFrom('cached_images as ci')
      .select(sql.lit(1).as('one'))
      .whereRef('ci.kind', '=', 'ii.kind')
      .whereRef('ci.id', '=', 'ii.id'),
  );

/**
 * SQL of the categorized library: works, their episodes and an episode's images (the flat library
 * and the uncategorized group: `CachedImageQueries`). Everything is aggregated, paged and previewed
 * in the database (window functions work on SQLite ≥ 3.25 and Postgres): only one page reaches
 * JavaScript.
 */
export class CacheLibraryQueries {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * A page of works, most recently cached first, with the totals over all works (window functions:
   * one query for page and totals). The walk follows image_index in work order (index of 005), so
   * grouping streams; titles are joined after paging.
   */
  async workGroups(
    owner: LibraryOwner,
    limit: number,
    offset: number,
    named?: string,
  ): Promise<WorkGroupRow[]> {
    const groups = episodeTotals(this.db, owner)
      .$if(named !== undefined, (q) =>
        q.where((eb) =>
          eb(
            eb.refTuple('le.kind', 'le.work_id'),
            'in',
            worksNamed(this.db, named!).$asTuple('kind', 'id'),
          ),
        ),
      )
      .select((eb) => [
        'le.kind',
        'le.work_id',
        eb.fn.sum<number>('le.images').as('image_count'),
        eb.fn.max('le.last_cached').as('last_cached'),
        sql<number>`count(*) over ()`.as('total_works'),
        sql<number>`sum(sum(le.images)) over ()`.as('indexed_images'),
      ])
      .groupBy(['le.kind', 'le.work_id'])
      .orderBy('last_cached', 'desc')
      .orderBy('le.kind')
      .orderBy('le.work_id')
      .limit(limit)
      .offset(offset)
      .as('g');
    const rows = await this.db
      .selectFrom(groups)
      .leftJoin('works as w', (j) =>
        j.onRef('w.kind', '=', 'g.kind').onRef('w.id', '=', 'g.work_id'),
      )
      .leftJoin('work_titles as wt', (j) =>
        j.onRef('wt.kind', '=', 'g.kind').onRef('wt.work_id', '=', 'g.work_id'),
      )
      .select([
        'g.kind',
        'g.work_id',
        'w.title',
        'wt.chinese_name',
        'g.image_count',
        'g.last_cached',
        'g.total_works',
        'g.indexed_images',
      ])
      .orderBy('g.last_cached', 'desc')
      .orderBy('g.kind')
      .orderBy('g.work_id')
      .execute();
    return rows.map((r) => ({
      ...r,
      image_count: Number(r.image_count),
      total_works: Number(r.total_works),
      indexed_images: Number(r.indexed_images),
    }));
  }

  /**
   * Every cached episode of the given works with its image count and first four cached images in
   * episode order. The previews are four `LIMIT 1 OFFSET i` lookups per episode that walk the
   * work-order index of 005 and stop at once; on SQLite that is ~6× cheaper than ranking every
   * image of the page's works with ROW_NUMBER() (9 ms against 57 ms for 10,000 images).
   */
  async episodePreviews(
    owner: LibraryOwner,
    works: { kind: Kind; workId: number }[],
  ): Promise<EpisodePreviewRow[]> {
    const movies = works.filter((w) => w.kind === 'movie');
    const series = works.filter((w) => w.kind !== 'movie');
    const [a, b] = await Promise.all([
      this.episodesOf(owner, series, false),
      this.episodesOf(owner, movies, true),
    ]);
    return [...a, ...b].map(({ p0, p1, p2, p3, ...row }) => ({
      ...row,
      image_count: Number(row.image_count),
      previews: [p0, p1, p2, p3].filter((id): id is number => id !== null),
    }));
  }

  private async episodesOf(
    owner: LibraryOwner,
    works: { kind: Kind; workId: number }[],
    movies: boolean,
  ) {
    if (works.length === 0) return [];
    const byKind = new Map<Kind, number[]>();
    for (const w of works) byKind.set(w.kind, [...(byKind.get(w.kind) ?? []), w.workId]);
    // An episode is in a user's library whole, so its previews below need no owner filter.
    const episodes = episodeTotals(this.db, owner)
      .select([
        'le.kind',
        'le.work_id',
        // A movie's images carry no episode id: the movie is the episode.
        sql<number | null>`case when le.kind = 'movie' then null else le.episode end`.as(
          'episode_id',
        ),
        'le.images as image_count',
      ])
      .where((eb) =>
        eb.or(
          [...byKind].map(([kind, ids]) =>
            eb.and([eb('le.kind', '=', kind), eb('le.work_id', 'in', ids)]),
          ),
        ),
      );
    return this.db
      .selectFrom(episodes.as('g'))
      .leftJoin('episodes as e', (j) =>
        j.onRef('e.kind', '=', 'g.kind').onRef('e.id', '=', 'g.episode_id'),
      )
      .select((eb) => [
        'g.kind',
        'g.work_id',
        'g.episode_id',
        'g.image_count',
        'e.label',
        ...[0, 1, 2, 3].map((offset) =>
          eb
            .selectFrom('image_index as ii')
            .select('ii.id')
            .whereRef('ii.kind', '=', 'g.kind')
            .whereRef('ii.work_id', '=', 'g.work_id')
            // A movie's images all have a null episode id: the work is the episode.
            .$if(!movies, (q) => q.whereRef('ii.episode_id', '=', 'g.episode_id'))
            .where(isCached)
            .orderBy('ii.episode_id')
            .orderBy('ii.position')
            .orderBy('ii.id')
            .limit(1)
            .offset(offset)
            .$asScalar()
            .as(`p${offset}` as 'p0' | 'p1' | 'p2' | 'p3'),
        ),
      ])
      .orderBy('g.kind')
      .orderBy('g.work_id')
      .orderBy('g.episode_id')
      .execute();
  }

  /** A page of one episode's (or movie's) cached images in episode order, and their count. */
  async episodeImages(
    kind: Kind,
    workId: number,
    episodeId: number,
    limit: number,
    offset: number,
  ): Promise<{ rows: ImageAggregate[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('image_index as ii')
        .innerJoin('cached_images as ci', (j) =>
          j.onRef('ci.kind', '=', 'ii.kind').onRef('ci.id', '=', 'ii.id'),
        )
        .select((eb) => [
          'ii.kind',
          'ii.id',
          eb.fn.max('ci.bytes').as('max_bytes'),
          eb.fn.max('ci.cached_at').as('last_cached'),
        ])
        .where((eb) => ofEpisode(eb, kind, workId, episodeId))
        .groupBy(['ii.kind', 'ii.id', 'ii.position'])
        .orderBy('ii.position')
        .orderBy('ii.id')
        .limit(limit)
        .offset(offset)
        .$castTo<ImageAggregate>()
        .execute(),
      this.db
        .selectFrom('image_index as ii')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where((eb) => eb.and([ofEpisode(eb, kind, workId, episodeId), isCached(eb)]))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /**
   * What the directory knows of an episode of a work: its titles, or null when neither the episode
   * list nor any image listing ever named it under that work (an unknown episode).
   */
  async episodeOf(
    kind: Kind,
    workId: number,
    episodeId: number,
  ): Promise<{ workTitle: string | null; label: string | null } | null> {
    if (kind === 'movie' && workId !== episodeId) return null;
    const [work, episode, indexed] = await Promise.all([
      this.db
        .selectFrom('works')
        .select('title')
        .where('kind', '=', kind)
        .where('id', '=', workId)
        .executeTakeFirst(),
      kind === 'movie'
        ? undefined
        : this.db
            .selectFrom('episodes')
            .select('label')
            .where('kind', '=', kind)
            .where('id', '=', episodeId)
            .where('work_id', '=', workId)
            .executeTakeFirst(),
      this.db
        .selectFrom('image_index as ii')
        .select('ii.id')
        .where((eb) => ofEpisode(eb, kind, workId, episodeId))
        .limit(1)
        .executeTakeFirst(),
    ]);
    const known = (kind === 'movie' ? work : episode) !== undefined || indexed !== undefined;
    if (!known) return null;
    return { workTitle: work?.title ?? null, label: episode?.label ?? null };
  }
}
