import { createReadStream } from 'node:fs';
import {
  CreateDownloadRequest,
  CreateDownloadResponse,
  CreateWorkDownloadRequest,
  DownloadList,
  DownloadParams,
  DownloadStatus,
  MessageResponse,
  NearDuplicatesRequest,
  NearDuplicatesResponse,
  WorkDownloadEstimate,
} from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/request-user';
import type { ImageStore } from '../images';
import type { UserBudget } from '../upstream';
import { nearDuplicates } from './near-duplicates';
import { contentDisposition, type DownloadService } from './service';

/** ZIP download tasks: create, watch, list, cancel, retry, remove, and hand the file over. */
export function downloadRoutes({
  downloads,
  images,
  budget,
}: {
  downloads: DownloadService;
  images: ImageStore;
  budget: UserBudget;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/',
      { schema: { body: CreateDownloadRequest, response: { 202: CreateDownloadResponse } } },
      async (request, reply) =>
        reply.status(202).send(await downloads.create(currentUser(request).id, request.body)),
    );

    app.post(
      '/work',
      { schema: { body: CreateWorkDownloadRequest, response: { 202: CreateDownloadResponse } } },
      async (request, reply) =>
        reply.status(202).send(await downloads.createWork(currentUser(request).id, request.body)),
    );

    app.post(
      '/work/estimate',
      { schema: { body: CreateWorkDownloadRequest, response: { 200: WorkDownloadEstimate } } },
      async (request) => downloads.estimateWork(currentUser(request).id, request.body),
    );

    app.post(
      '/near-duplicates',
      { schema: { body: NearDuplicatesRequest, response: { 200: NearDuplicatesResponse } } },
      async (request) => {
        const { kind, image_ids, threshold } = request.body;
        return nearDuplicates(images, kind, image_ids, threshold, budget);
      },
    );

    app.get('/', { schema: { response: { 200: DownloadList } } }, async (request) => ({
      downloads: await downloads.list(currentUser(request).id),
    }));

    app.delete('/', { schema: { response: { 200: MessageResponse } } }, async (request) => {
      const removed = await downloads.remove(currentUser(request).id);
      return { message: `已移除 ${removed} 个已结束的任务` };
    });

    // Reading a task, cancelling it and retrying it each answer the task as it then stands.
    for (const [method, action] of [
      ['GET', 'status'],
      ['POST', 'cancel'],
      ['POST', 'retry'],
    ] as const) {
      app.route({
        method,
        url: `/:id/${action}`,
        schema: { params: DownloadParams, response: { 200: DownloadStatus } },
        handler: async (request) => downloads[action](currentUser(request).id, request.params.id),
      });
    }

    app.delete(
      '/:id',
      { schema: { params: DownloadParams, response: { 200: MessageResponse } } },
      async (request) => {
        await downloads.remove(currentUser(request).id, request.params.id);
        return { message: '已移除' };
      },
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
