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
import { listingKey, type CatalogService, type Directory } from '../catalog';
import { badRequest, forbidden } from '../errors';
import { currentUser } from '../http/plugins/access';
import type { UrlModel } from '../upstream';
import type { CdnPreferences } from './cdn';
import type { CdnHealth } from './cdn-health';
import type { CachedImageRecords } from './records';
import type { ImageStore } from './store';
import { compressedLarge, IMAGE_FILE, idOfImageFile, imageCachingHeaders } from './urls';

const ImageFileParams = z.object({ file: z.string().regex(IMAGE_FILE, '图片 ID 无效') });

/** Image bytes, the cache's totals and clearing, and the CDN preference. */
export function imageFileRoutes({
  catalog,
  cdn,
  cdnHealth,
  directory,
  images,
  records,
  urls,
}: {
  catalog: CatalogService;
  cdn: CdnPreferences;
  cdnHealth: CdnHealth;
  directory: Directory;
  images: ImageStore;
  records: CachedImageRecords;
  urls: UrlModel;
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

    app.delete(
      '/cache',
      { schema: { querystring: ClearListingsQuery, response: { 200: ClearListingsResponse } } },
      async (request) => {
        const q = request.query;
        // Shared caches are the admin's: a user may clear only the one listing in front of them.
        if ((q.clear_all || q.pattern !== undefined) && currentUser(request).role !== 'admin')
          throw forbidden('只有管理员可以清除全部缓存或按关键词清除');
        let cleared: number;
        if (q.clear_all) {
          cleared = await catalog.clearEverything();
        } else if (q.episode_id) {
          cleared = await catalog.clearListings([listingKey(catalog.resolveEpisode(q.episode_id))]);
        } else if (q.work_id) {
          const ref = urls.toRef(q.work_id, { kind: 'anime' });
          if (ref?.type !== 'work' && ref?.type !== 'movie')
            throw badRequest('work_id: 不是有效的作品地址');
          cleared = await catalog.clearListings([listingKey(ref)]);
        } else if (q.pattern !== undefined) {
          cleared = await catalog.clearSearch(q.pattern);
        } else {
          throw badRequest('请指定 episode_id、work_id、pattern 或 clear_all');
        }
        return { message: `已清除 ${cleared} 项缓存`, cleared_items: cleared };
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
      { schema: { querystring: ClearFilesQuery, response: { 200: ClearFilesResponse } } },
      async (request) => {
        const q = request.query;
        let deleted: number;
        if (q.clear_all) {
          if (currentUser(request).role !== 'admin')
            throw forbidden('只有管理员可以清除全部图片缓存');
          deleted = await images.deleteAll();
        } else if (q.episode_id) {
          const ref = catalog.resolveEpisode(q.episode_id);
          const ids = await directory.imagesOfEpisode(ref.kind, ref.id);
          deleted = await images.delete(ids.map((id) => ({ kind: ref.kind, id })));
        } else {
          throw badRequest('请指定 episode_id 或 clear_all');
        }
        return { deleted_files: deleted, message: `已删除 ${deleted} 个图片文件` };
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
