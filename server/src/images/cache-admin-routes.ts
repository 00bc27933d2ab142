import { CacheOverview, EvictRequest, EvictResponse } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../http/plugins/access';
import { evictedMessage, type CacheAdmin } from './cache-admin';

/** The admin's view of the shared image cache, and eviction on demand. */
export function cacheAdminRoutes({
  cacheAdmin,
}: {
  cacheAdmin: CacheAdmin;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = { access: 'admin' as const };

    app.get('/', { config: admin, schema: { response: { 200: CacheOverview } } }, async () =>
      cacheAdmin.overview(),
    );

    app.post(
      '/evict',
      { config: admin, schema: { body: EvictRequest, response: { 200: EvictResponse } } },
      async (request) => {
        const { bytes, include_favorites } = request.body;
        const evicted = await cacheAdmin.perform(currentUser(request).id, {
          type: 'evict',
          bytes,
          includeFavorites: include_favorites,
        });
        return {
          evicted_files: evicted.count,
          evicted_bytes: evicted.bytes,
          message: evictedMessage(evicted.count, evicted.bytes),
        };
      },
    );
  };
}
