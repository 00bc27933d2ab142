import { createReadStream } from 'node:fs';
import {
  CacheStats,
  CdnStatus,
  CdnSwitchQuery,
  ClearFilesQuery,
  ClearFilesResponse,
  ClearListingsQuery,
  ClearListingsResponse,
  EpisodeFilesQuery,
  EpisodeFilesResponse,
  ImageBytesQuery,
} from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CatalogService, Directory } from '../catalog';
import { currentUser } from '../http/plugins/access';
import type { CacheAdmin } from './cache-admin';
import type { CdnPreferences } from './cdn';
import type { CdnHealth } from './cdn-health';
import type { CachedImageRecords } from './records';
import type { ImageStore } from './store';
import { compressedLarge, IMAGE_FILE, idOfImageFile, imageCachingHeaders } from './urls';

const ImageFileParams = z.object({ file: z.string().regex(IMAGE_FILE, '图片 ID 无效') });

/** Image bytes, the cache's totals and clearing, and the CDN preference. */
export function imageFileRoutes({
  cacheAdmin,
  catalog,
  cdn,
  cdnHealth,
  directory,
  images,
  records,
}: {
  cacheAdmin: CacheAdmin;
  catalog: CatalogService;
  cdn: CdnPreferences;
  cdnHealth: CdnHealth;
  directory: Directory;
  images: ImageStore;
  records: CachedImageRecords;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/:file',
      {
        config: { cookieAuth: true },
        schema: { params: ImageFileParams, querystring: ImageBytesQuery },
      },
      async (request, reply) => {
        const id = idOfImageFile(request.params.file);
        const { size } = request.query;
        const kind = request.query.kind ?? (await directory.kindOfImage(id)) ?? 'anime';
        const image = await images.serve(kind, id, size, compressedLarge(request.query));
        reply.headers(imageCachingHeaders(image));
        if (request.headers['if-none-match'] === image.etag) return reply.status(304).send();
        return reply
          .header('content-type', 'image/jpeg')
          .header('content-length', image.bytes)
          .send(image.body ?? createReadStream(image.file));
      },
    );

    app.get(
      '/cache-stats',
      { config: { access: 'public' }, schema: { response: { 200: CacheStats } } },
      async () => records.stats(),
    );

    // The shared caches are the admin's: a user re-reads a listing with `?refresh=true` instead.
    const admin = { access: 'admin' as const };

    app.delete(
      '/cache',
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

    app.get(
      '/cache/files',
      { schema: { querystring: EpisodeFilesQuery, response: { 200: EpisodeFilesResponse } } },
      async (request) => {
        const ref = catalog.resolveEpisode(request.query.episode_id);
        return records.episodeFiles(ref.kind, ref.id);
      },
    );

    app.delete(
      '/cache/files',
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

    app.get('/cdn-status', { schema: { response: { 200: CdnStatus } } }, async (request) =>
      cdnHealth.status(currentUser(request).id),
    );

    app.post(
      '/cdn-switch',
      { schema: { querystring: CdnSwitchQuery, response: { 200: CdnStatus } } },
      async (request) => {
        const userId = currentUser(request).id;
        await cdn.setSmallCdn(userId, request.query.use_small_cdn);
        return cdnHealth.status(userId);
      },
    );
  };
}
