import { api } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kind } from '../config';
import { serve } from '../routing';
import type { CachedImageRecords } from './records';
import type { ImageStore } from './store';
import { compressedLarge, idOfImageFile, imageCachingHeaders } from './urls';

const routes = api.images;

/** Image bytes and the cache's public totals. */
export function imageFileRoutes({
  images,
  records,
  kindOfImage,
}: {
  images: ImageStore;
  records: CachedImageRecords;
  /** The kind the directory knows an image by, when the URL does not say. */
  kindOfImage: (id: number) => Promise<Kind | null>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, routes.file, { config: { cookieAuth: true } }, async (request, reply) => {
      const id = idOfImageFile(request.params.file);
      const { size } = request.query;
      const kind = request.query.kind ?? (await kindOfImage(id)) ?? 'anime';
      const image = await images.serve(kind, id, size, compressedLarge(request.query));
      reply.headers(imageCachingHeaders(image));
      if (request.headers['if-none-match'] === image.etag) {
        if (!Buffer.isBuffer(image.body)) image.body.destroy();
        return reply.status(304).send();
      }
      return reply
        .header('content-type', 'image/jpeg')
        .header('content-length', image.bytes)
        .send(image.body);
    });

    serve(app, routes.cacheStats, { config: { access: 'public' } }, async () => records.stats());
  };
}
