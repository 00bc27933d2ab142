import { createReadStream } from 'node:fs';
import { CacheStats, ImageBytesQuery } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Kind } from '../config';
import type { CachedImageRecords } from './records';
import type { ImageStore } from './store';
import { compressedLarge, IMAGE_FILE, idOfImageFile, imageCachingHeaders } from './urls';

const ImageFileParams = z.object({ file: z.string().regex(IMAGE_FILE, '图片 ID 无效') });

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
    app.get(
      '/:file',
      {
        config: { cookieAuth: true },
        schema: { params: ImageFileParams, querystring: ImageBytesQuery },
      },
      async (request, reply) => {
        const id = idOfImageFile(request.params.file);
        const { size } = request.query;
        const kind = request.query.kind ?? (await kindOfImage(id)) ?? 'anime';
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
  };
}
