import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db';
import type { ImageIndexTable } from '../db/schema';

/**
 * Whose images a library shows: one user's (the episodes and movies they opened, i.e. their
 * history rows) or, for an admin's 全部用户, the whole shared cache.
 */
export type LibraryOwner = { userId: number } | 'all';

type IndexRows = SelectQueryBuilder<Database & { ii: ImageIndexTable }, 'ii', object>;

/**
 * image_index as `ii`, limited to the owner's opened episodes. A user's rows are walked from their
 * history (two joins instead of an OR, so each uses its index: a movie's images carry the movie id
 * as work id), so the cost follows what the user opened, not the size of the cache. A history row
 * matches whole episodes, so an episode is in a user's library with all its cached images or not.
 */
export function indexRows(db: Kysely<Database>, owner: LibraryOwner): IndexRows {
  if (owner === 'all') return db.selectFrom('image_index as ii');
  const opened = (movie: boolean) =>
    db
      .selectFrom('history as h')
      .innerJoin('image_index as x', (j) =>
        j
          .onRef('x.kind', '=', 'h.kind')
          .onRef(movie ? 'x.work_id' : 'x.episode_id', '=', 'h.episode_id'),
      )
      .select(['x.kind', 'x.id', 'x.work_id', 'x.episode_id', 'x.position'])
      .where('h.user_id', '=', owner.userId)
      .where('h.kind', movie ? '=' : '!=', 'movie');
  return db.selectFrom(opened(false).unionAll(opened(true)).as('ii'));
}
