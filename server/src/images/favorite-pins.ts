import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../db';

/**
 * A user whose cached favourites pass `FAVORITE_PIN_MAX`: their favourite at this point (newest
 * first) and every older one pin nothing, so those files are evicted like any other.
 */
export interface PinCutoff {
  userId: number;
  createdAt: string;
  id: number;
}

/**
 * Each user's favourites keep their cached files from eviction up to `FAVORITE_PIN_MAX` bytes,
 * newest favourites first: one user cannot pin the whole disk. The running sum is the database's
 * (a window function, on SQLite and Postgres alike), and only one row per user past the cap comes
 * back, so an eviction run asks once whatever the number of favourites.
 */
export class FavoritePins {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly maxBytes: number,
  ) {}

  async cutoffs(): Promise<PinCutoff[]> {
    const cap = this.maxBytes;
    // Each favourite with the bytes of its cached files (every size); uncached ones weigh nothing.
    const held = this.db
      .selectFrom('favorite_images as f')
      .innerJoin('cached_images as c', (j) =>
        j.onRef('c.kind', '=', 'f.kind').onRef('c.id', '=', 'f.image_id'),
      )
      .select(['f.user_id', 'f.created_at', 'f.id'])
      .select((eb) => eb.fn.sum<number>('c.bytes').as('bytes'))
      .groupBy(['f.user_id', 'f.created_at', 'f.id']);
    const running = this.db
      .selectFrom(held.as('h'))
      .selectAll('h')
      .select((eb) =>
        eb.fn
          .sum<number>('h.bytes')
          .over((ob) =>
            ob.partitionBy('h.user_id').orderBy('h.created_at', 'desc').orderBy('h.id', 'desc'),
          )
          .as('running'),
      );
    // The favourite that crosses the cap: the running sum passes it there and not before.
    const rows = await this.db
      .selectFrom(running.as('r'))
      .select(['r.user_id', 'r.created_at', 'r.id'])
      .where('r.running', '>', cap)
      .where((eb) => eb(eb('r.running', '-', eb.ref('r.bytes')), '<=', cap))
      .execute();
    return rows.map((r) => ({
      userId: Number(r.user_id),
      createdAt: r.created_at,
      id: Number(r.id),
    }));
  }
}

/**
 * Whether the favourite row `f` still pins its image: it is not at or past its user's cutoff. One
 * condition per user past the cap (a handful), checked through the `(kind, image_id)` index.
 */
export function stillPins(
  eb: ExpressionBuilder<{ f: Database['favorite_images'] }, 'f'>,
  cutoffs: PinCutoff[],
) {
  return eb.and(
    cutoffs.map((c) =>
      eb.not(
        eb.and([
          eb('f.user_id', '=', c.userId),
          eb.or([
            eb('f.created_at', '<', c.createdAt),
            eb.and([eb('f.created_at', '=', c.createdAt), eb('f.id', '<=', c.id)]),
          ]),
        ]),
      ),
    ),
  );
}
