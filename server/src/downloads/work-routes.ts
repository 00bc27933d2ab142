import { api } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/request-user';
import { serve } from '../routing';
import type { NearDuplicateScan } from './near-duplicates';
import type { DownloadService } from './service';

const routes = api.downloads;

/**
 * What reads a work's or an episode's frames: a whole-work task (202) and its estimate, and the
 * grid's near-duplicate scan (隐藏相似帧).
 */
export function workDownloadRoutes({
  downloads,
  nearDuplicates,
}: {
  downloads: DownloadService;
  nearDuplicates: NearDuplicateScan;
}): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, routes.work.create, async (request, reply) =>
      reply.status(202).send(await downloads.createWork(currentUser(request).id, request.body)),
    );

    serve(app, routes.work.estimate, async (request) =>
      downloads.estimateWork(currentUser(request).id, request.body),
    );

    serve(app, routes.nearDuplicates, async (request) => {
      const { kind, image_ids, threshold } = request.body;
      return nearDuplicates.scan(kind, image_ids, threshold);
    });
  };
}
