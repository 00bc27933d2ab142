import type { Kysely } from 'kysely';
import type { ImageSize, Kind } from '../config';
import type { Database } from '../db';
import { stillPins, type FavoritePins, type PinCutoff } from './favorite-pins';

export interface EvictionCandidate {
  kind: Kind;
  id: number;
  size: ImageSize;
  bytes: number;
  cachedAt: string;
  /** The work the image belongs to, when known (whole-work jobs pin their work's images). */
  workId: number | null;
}

/** The cache's files in least-recently-viewed order, for eviction. */
export class LeastViewed {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly pins: FavoritePins,
  ) {}

  /** What favourites pin now (each user's newest, up to `FAVORITE_PIN_MAX`): read once per run. */
  favoritePins(): Promise<PinCutoff[]> {
    return this.pins.cutoffs();
  }

  /**
   * A page of files, least recently viewed first; images a favourite pins (anyone's, within its
   * user's `FAVORITE_PIN_MAX`) are left out unless `pins` is null (the admin's eviction of
   * favourites too). `skip`: rows the caller kept (pinned) and will meet again.
   */
  async page(options: {
    limit: number;
    skip: number;
    pins: PinCutoff[] | null;
  }): Promise<EvictionCandidate[]> {
    const { pins } = options;
    let query = this.db
      .selectFrom('cached_images as c')
      .leftJoin('image_index as i', (j) =>
        j.onRef('i.kind', '=', 'c.kind').onRef('i.id', '=', 'c.id'),
      )
      .select(['c.kind', 'c.id', 'c.size', 'c.bytes', 'c.cached_at', 'i.work_id'])
      .orderBy('c.viewed_at')
      .orderBy('c.kind')
      .orderBy('c.id')
      .orderBy('c.size')
      .limit(options.limit)
      .offset(options.skip);
    if (pins) {
      query = query.where(({ not, exists, selectFrom }) => {
        let pinning = selectFrom('favorite_images as f')
          .select('f.id')
          .whereRef('f.kind', '=', 'c.kind')
          .whereRef('f.image_id', '=', 'c.id');
        if (pins.length > 0) pinning = pinning.where((eb) => stillPins(eb, pins));
        return not(exists(pinning));
      });
    }
    const rows = await query.execute();
    return rows.map((r) => ({
      kind: r.kind,
      id: Number(r.id),
      size: r.size,
      bytes: Number(r.bytes),
      cachedAt: r.cached_at,
      workId: r.work_id === null ? null : Number(r.work_id),
    }));
  }
}
