import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../db';
import type { ImageIndexTable } from '../db/schema';

/**
 * Whose images a library shows: one user's (the episodes and movies they opened, i.e. their
 * history rows) or, for an admin's 全部用户, the whole shared cache.
 */
export type LibraryOwner = { userId: number } | 'all';

type IndexRows = SelectQueryBuilder<Database & { ii: ImageIndexTable }, 'ii', object>;

/**
 * image_index as `ii`, limited to the owner's opened episodes: each row is kept when the user's
 * history holds its episode (a movie's images: the movie, their work id), one probe of the
 * history's (user, kind, episode) key per row. The walk keeps image_index's own order and indexes,
 * so every library query plans as it does over the whole cache. A history row matches whole
 * episodes, so an episode is in a user's library with all its cached images or not at all.
 */
export function indexRows(db: Kysely<Database>, owner: LibraryOwner): IndexRows {
  const rows = db.selectFrom('image_index as ii');
  if (owner === 'all') return rows;
  return rows.where((eb) => {
    const opened = (column: 'ii.episode_id' | 'ii.work_id') =>
      eb.exists(
        eb
          .selectFrom('history as h')
          .select(sql.lit(1).as('one'))
          .where('h.user_id', '=', owner.userId)
          .whereRef('h.kind', '=', 'ii.kind')
          .whereRef('h.episode_id', '=', column),
      );
    return eb.or([
      opened('ii.episode_id'),
      eb.and([eb('ii.kind', '=', 'movie'), opened('ii.work_id')]),
    ]);
  });
}

/**
 * The owner's episodes with their running cache totals (`library_episodes`, kept by the triggers
 * of 033), as `le`: one row per cached episode or movie, for a user those of their history. A
 * library's totals, works and episode counts read these rows (a few thousand for the whole
 * cache), not its images.
 */
export function episodeTotals(db: Kysely<Database>, owner: LibraryOwner) {
  const rows = db.selectFrom('library_episodes as le');
  if (owner === 'all') return rows;
  return rows.where((eb) =>
    eb.exists(
      eb
        .selectFrom('history as h')
        .select(sql.lit(1).as('one'))
        .where('h.user_id', '=', owner.userId)
        .whereRef('h.kind', '=', 'le.kind')
        .whereRef('h.episode_id', '=', 'le.episode'),
    ),
  );
}
