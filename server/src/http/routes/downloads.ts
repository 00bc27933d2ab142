import { createReadStream } from 'node:fs';
import {
  CreateDownloadRequest,
  CreateDownloadResponse,
  DownloadList,
  DownloadParams,
  DownloadStatus,
} from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../downloads';
import type { Services } from '../../services';
import { currentUser } from '../plugins/access';

/** ZIP download tasks: create, watch, list, and hand the finished file to the browser. */
export function downloadRoutes({ downloads }: Services): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/',
      { schema: { body: CreateDownloadRequest, response: { 202: CreateDownloadResponse } } },
      async (request, reply) => {
        const { image_urls, filename_prefix } = request.body;
        const created = await downloads.create(
          currentUser(request).id,
          image_urls,
          filename_prefix,
        );
        return reply.status(202).send(created);
      },
    );

    app.get('/', { schema: { response: { 200: DownloadList } } }, async (request) => ({
      downloads: await downloads.list(currentUser(request).id),
    }));

    app.get(
      '/:id/status',
      { schema: { params: DownloadParams, response: { 200: DownloadStatus } } },
      async (request) => downloads.status(currentUser(request).id, request.params.id),
    );

    app.get(
      '/:id/file',
      { config: { cookieAuth: true }, schema: { params: DownloadParams } },
      async (request, reply) => {
        const file = await downloads.file(currentUser(request).id, request.params.id);
        return reply
          .header('content-type', 'application/zip')
          .header('content-length', file.bytes)
          .header('content-disposition', contentDisposition(file.fileName))
          .header('cache-control', 'private, no-store')
          .send(createReadStream(file.path));
      },
    );
  };
}
