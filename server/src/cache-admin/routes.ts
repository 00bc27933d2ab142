import { api } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/request-user';
import { serve } from '../routing';
import { evictedMessage, type CacheAdmin } from './service';

const routes = api.cacheAdmin;
const admin = { config: { access: 'admin' as const } };

/**
 * The shared caches (listings, searches, image files) belong to the admin: a user re-reads a
 * listing with `?refresh=true` instead. Anyone signed in may see what an episode has cached.
 */
export function cacheAdminRoutes({
  cacheAdmin,
}: {
  cacheAdmin: CacheAdmin;
}): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, routes.overview, admin, async () => cacheAdmin.overview());

    serve(app, routes.evict, admin, async (request) => {
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
    });

    serve(app, routes.clearListings, admin, async (request) => {
      const { episode_id, work_id, pattern, clear_all } = request.query;
      const { count } = await cacheAdmin.perform(currentUser(request).id, {
        type: 'clear-listings',
        episodeId: episode_id,
        workId: work_id,
        pattern,
        all: clear_all,
      });
      return { message: `已清除 ${count} 项缓存`, cleared_items: count };
    });

    serve(app, routes.clearSearches, admin, async (request) => {
      const { count } = await cacheAdmin.perform(currentUser(request).id, {
        type: 'clear-search',
        pattern: request.query.pattern,
      });
      return { message: `已清除 ${count} 条搜索缓存`, cleared_items: count };
    });

    serve(app, routes.episodeFiles, async (request) =>
      cacheAdmin.episodeFiles(request.query.episode_id),
    );

    serve(app, routes.clearFiles, admin, async (request) => {
      const { episode_id, clear_all } = request.query;
      const { count } = await cacheAdmin.perform(currentUser(request).id, {
        type: 'delete-files',
        episodeId: episode_id,
        all: clear_all,
      });
      return { deleted_files: count, message: `已删除 ${count} 个图片文件` };
    });
  };
}
