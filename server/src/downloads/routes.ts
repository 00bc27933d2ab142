import { createReadStream } from 'node:fs';
import { api } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/request-user';
import { serve } from '../routing';
import { contentDisposition, type DownloadService } from './service';

const routes = api.downloads;

/** ZIP download tasks: create, watch, list, cancel, retry, remove, and hand the file over. */
export function downloadRoutes({
  downloads,
}: {
  downloads: DownloadService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, routes.create, async (request, reply) =>
      reply.status(202).send(await downloads.create(currentUser(request).id, request.body)),
    );

    serve(app, routes.list, async (request) => ({
      downloads: await downloads.list(currentUser(request).id),
    }));

    serve(app, routes.removeFinished, async (request) => {
      const removed = await downloads.remove(currentUser(request).id);
      return { message: `已移除 ${removed} 个已结束的任务` };
    });

    // Reading a task, cancelling it and retrying it each answer the task as it then stands.
    for (const action of ['status', 'cancel', 'retry'] as const) {
      serve(app, routes[action], async (request) =>
        downloads[action](currentUser(request).id, request.params.id),
      );
    }

    serve(app, routes.remove, async (request) => {
      await downloads.remove(currentUser(request).id, request.params.id);
      return { message: '已移除' };
    });

    serve(app, routes.file, { config: { cookieAuth: true } }, async (request, reply) => {
      const file = await downloads.file(currentUser(request).id, request.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', file.bytes)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(createReadStream(file.path));
    });
  };
}
