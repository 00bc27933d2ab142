import { slot, type RouteInputs } from '../route-slots';

/** The admin's view of the shared image cache and eviction on demand. */
export function cacheAdminInputs(): Record<string, RouteInputs> {
  return {
    'GET /api/admin/cache': {},
    // No valid `bytes`: a valid request evicts only what the limits ask for (nothing here).
    'POST /api/admin/cache/evict': {
      body: {
        bytes: slot('bounded-int', undefined, { min: 1, max: 2 ** 40 }),
        include_favorites: slot('flag', false),
      },
    },
  };
}
