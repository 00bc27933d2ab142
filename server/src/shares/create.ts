import type { Kysely } from 'kysely';
import type { AuditLog } from '../audit';
import { RateLimits } from '../auth/rate-limits';
import type { CatalogService, Directory } from '../catalog';
import type { Config } from '../config';
import type { Database } from '../db';
import type { FavoritesService } from '../favorites';
import { SharesService } from './service';
import { ShareStore } from './store';

/** The share links capability. */
export function createShares(deps: {
  db: Kysely<Database>;
  config: Config;
  catalog: CatalogService;
  directory: Directory;
  favorites: FavoritesService;
  audit: AuditLog;
  now?: () => number;
}): SharesService {
  const { db, directory, favorites } = deps;
  return new SharesService({
    db,
    store: new ShareStore(db),
    catalog: deps.catalog,
    favoriteImages: async (userId) =>
      (await favorites.list(userId)).images.map((image) => ({
        kind: image.kind,
        id: image.image_id,
      })),
    kindsOf: (ids) => directory.kindsOfImages(ids),
    audit: deps.audit,
    limits: new RateLimits(db),
    publicUrl: deps.config.publicUrl,
    now: deps.now ?? Date.now,
  });
}
