import {
  CacheOverview,
  ClearFilesQuery,
  ClearFilesResponse,
  ClearListingsQuery,
  ClearListingsResponse,
  ClearSearchCacheQuery,
  EpisodeFilesQuery,
  EpisodeFilesResponse,
  EvictRequest,
  EvictResponse,
} from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/request-user';
import { evictedMessage, type CacheAdmin } from './service';

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
    const admin = { access: 'admin' as const };

    app.get(
      '/admin/cache',
      { config: admin, schema: { response: { 200: CacheOverview } } },
      async () => cacheAdmin.overview(),
    );

    app.post(
      '/admin/cache/evict',
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

    app.delete(
      '/images/cache',
      {
        config: admin,
        schema: { querystring: ClearListingsQuery, response: { 200: ClearListingsResponse } },
      },
      async (request) => {
        const { episode_id, work_id, pattern, clear_all } = request.query;
        const { count } = await cacheAdmin.perform(currentUser(request).id, {
          type: 'clear-listings',
          episodeId: episode_id,
          workId: work_id,
          pattern,
          all: clear_all,
        });
        return { message: `已清除 ${count} 项缓存`, cleared_items: count };
      },
    );

    app.delete(
      '/search/cache',
      {
        config: admin,
        schema: { querystring: ClearSearchCacheQuery, response: { 200: ClearListingsResponse } },
      },
      async (request) => {
        const { count } = await cacheAdmin.perform(currentUser(request).id, {
          type: 'clear-search',
          pattern: request.query.pattern,
        });
        return { message: `已清除 ${count} 条搜索缓存`, cleared_items: count };
      },
    );

    app.get(
      '/images/cache/files',
      { schema: { querystring: EpisodeFilesQuery, response: { 200: EpisodeFilesResponse } } },
      async (request) => cacheAdmin.episodeFiles(request.query.episode_id),
    );

    app.delete(
      '/images/cache/files',
      {
        config: admin,
        schema: { querystring: ClearFilesQuery, response: { 200: ClearFilesResponse } },
      },
      async (request) => {
        const { episode_id, clear_all } = request.query;
        const { count } = await cacheAdmin.perform(currentUser(request).id, {
          type: 'delete-files',
          episodeId: episode_id,
          all: clear_all,
        });
        return { deleted_files: count, message: `已删除 ${count} 个图片文件` };
      },
    );
  };
}
