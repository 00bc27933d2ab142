import { api } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/request-user';
import { sendRangedFile, serve } from '../routing';
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

    serve(app, routes.list, async (request) => downloads.list(currentUser(request).id));

    serve(app, routes.storageByUser, { config: { access: 'admin' as const } }, async () =>
      downloads.storageByUser(),
    );

    serve(app, routes.removeFinished, async (request) => {
      const removed = await downloads.remove(currentUser(request).id);
      return { message: `已移除 ${removed} 个已结束的任务` };
    });

    // Reading a task and each step of it answer the task as it then stands.
    for (const action of ['status', 'cancel', 'retry', 'pause', 'resume'] as const) {
      serve(app, routes[action], async (request) =>
        downloads[action](currentUser(request).id, request.params.id),
      );
    }

    serve(app, routes.remove, async (request) => {
      await downloads.remove(currentUser(request).id, request.params.id);
      return { message: '已移除' };
    });

    // Ranges and If-Range, so a browser or `curl -C -` resumes a broken download; the first
    // complete one starts the archive's time (it was kept until then).
    serve(app, routes.file, { config: { cookieAuth: true } }, async (request, reply) => {
      const userId = currentUser(request).id;
      const file = await downloads.file(userId, request.params.id);
      const archive = {
        store: file.store,
        key: file.key,
        contentType: 'application/zip',
        disposition: contentDisposition(file.fileName),
        identity: file.id,
      };
      return sendRangedFile(request, reply, archive, () => {
        void downloads.downloaded(userId, file.id).catch((error: unknown) => {
          request.log.warn({ err: error, download: file.id }, 'first download not recorded');
        });
      });
    });
  };
}
