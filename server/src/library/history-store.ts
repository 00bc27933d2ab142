import { sql, type Kysely, type Selectable } from 'kysely';
import type { Kind } from '../config';
import type { Database } from '../db';
import type { HistoryTable } from '../db/schema';

export interface HistoryVisit {
  kind: Kind;
  episodeId: number;
  workId: number | null;
  showTitle: string;
  episodeTitle: string;
  searchTerm: string;
  /** How many images the episode showed; null when only the episode was opened. */
  imageCount: number | null;
}

export type HistoryRow = Selectable<HistoryTable> & {
  work_title: string | null;
  /** The episode's (a movie's) complete listing as its finished read stored it, whoever read it. */
  read_listing: string | null;
};

/**
 * Which work a record belongs to in the search-history library: the work when a visit named it,
 * else the show title the page sent (visits of one show without a known work stay together).
 */
export const historyWorkKey = (row: Pick<HistoryRow, 'kind' | 'work_id' | 'show_title'>) =>
  row.work_id !== null ? `${row.kind}:${row.work_id}` : `title:${row.kind}:${row.show_title}`;

const PREVIEWS = 4;

/** Each user's browsing history: one row per episode, refreshed on every visit. */
export class HistoryStore {
  constructor(private readonly db: Kysely<Database>) {}

  async record(userId: number, visit: HistoryVisit): Promise<void> {
    const now = new Date().toISOString();
    const source = visit.searchTerm ? 'search' : 'direct';
    await this.db
      .insertInto('history')
      .values({
        user_id: userId,
        kind: visit.kind,
        episode_id: visit.episodeId,
        work_id: visit.workId,
        show_title: visit.showTitle,
        episode_title: visit.episodeTitle,
        search_term: visit.searchTerm,
        source,
        image_count: visit.imageCount ?? 0,
        view_count: 1,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['user_id', 'kind', 'episode_id']).doUpdateSet((eb) => ({
          view_count: eb('history.view_count', '+', 1),
          updated_at: now,
          // Keep what an earlier visit knew when this one knows less.
          work_id: eb.fn.coalesce('excluded.work_id', 'history.work_id'),
          show_title: visit.showTitle
            ? eb.ref('excluded.show_title')
            : eb.ref('history.show_title'),
          episode_title: visit.episodeTitle
            ? eb.ref('excluded.episode_title')
            : eb.ref('history.episode_title'),
          search_term: visit.searchTerm
            ? eb.ref('excluded.search_term')
            : eb.ref('history.search_term'),
          source: visit.searchTerm ? eb.ref('excluded.source') : eb.ref('history.source'),
          image_count:
            visit.imageCount === null
              ? eb.ref('history.image_count')
              : eb.ref('excluded.image_count'),
        })),
      )
      .execute();
  }

  /**
   * The user's records, newest visit first, with the work's title when the directory knows it and
   * the episode's listing once a read of it has finished (a read left mid-way goes on without the
   * page, and its count is known when it completes).
   */
  async list(userId: number): Promise<HistoryRow[]> {
    return (
      this.db
        .selectFrom('history as h')
        .leftJoin('works as w', (j) =>
          j.onRef('w.kind', '=', 'h.kind').onRef('w.id', '=', 'h.work_id'),
        )
        .selectAll('h')
        .select('w.title as work_title')
        // Only a read that finished counts: a fast-mode estimate never becomes an image count.
        .select(
          sql<string | null>`(select lc.progress from listing_crawls lc where lc.state = 'done'
          and lc.key = case when h.kind = 'movie' then 'movie:' || h.episode_id
          else 'episode:' || h.kind || ':' || h.episode_id end)`.as('read_listing'),
        )
        .where('h.user_id', '=', userId)
        .orderBy('h.updated_at', 'desc')
        .orderBy('h.id', 'desc')
        .execute()
    );
  }

  /** Whether the user opened this episode (a movie: this movie) and still has it in history. */
  async hasOpened(userId: number, kind: Kind, episodeId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('history')
      .select('id')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('episode_id', '=', episodeId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The first four indexed images of each of the user's episodes (a movie's: of the movie). */
  async previews(userId: number): Promise<{ history_id: number; kind: Kind; id: number }[]> {
    const indexed = (movie: boolean) =>
      this.db
        .selectFrom('history as h')
        .innerJoin('image_index as ii', (j) =>
          j
            .onRef('ii.kind', '=', 'h.kind')
            // Two joins instead of an OR, so each one can use its index.
            .onRef(movie ? 'ii.work_id' : 'ii.episode_id', '=', 'h.episode_id'),
        )
        .select(['h.id as history_id', 'ii.kind', 'ii.id', 'ii.position'])
        .where('h.user_id', '=', userId)
        .where('h.kind', movie ? '=' : '!=', 'movie');
    const ranked = this.db
      .selectFrom(indexed(false).unionAll(indexed(true)).as('x'))
      .select([
        'x.history_id',
        'x.kind',
        'x.id',
        sql<number>`row_number() over (partition by x.history_id order by x.position, x.id)`.as(
          'rn',
        ),
      ]);
    return this.db
      .selectFrom(ranked.as('r'))
      .select(['r.history_id', 'r.kind', 'r.id'])
      .where('r.rn', '<=', PREVIEWS)
      .orderBy('r.history_id')
      .orderBy('r.rn')
      .execute();
  }

  /**
   * Deletes one of the user's records (never anyone else's) and says whether it was the user's
   * last record of that work. The image cache is not touched.
   */
  async remove(
    userId: number,
    id: number,
  ): Promise<{ row: Selectable<HistoryTable>; workRemoved: boolean } | null> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .deleteFrom('history')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst();
      if (!row) return null;
      const left = await trx
        .selectFrom('history')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('kind', '=', row.kind)
        .where((eb) =>
          row.work_id !== null
            ? eb('work_id', '=', row.work_id)
            : eb.and([eb('work_id', 'is', null), eb('show_title', '=', row.show_title)]),
        )
        .executeTakeFirstOrThrow();
      return { row, workRemoved: Number(left.n) === 0 };
    });
  }
}
