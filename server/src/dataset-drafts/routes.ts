import { api } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/request-user';
import { serve } from '../routing';
import type { DatasetDrafts } from './service';

const routes = api.datasetDrafts;

/** The caller's review drafts (制作数据集): list, read one work's, save whole, remove. */
export function datasetDraftRoutes({ drafts }: { drafts: DatasetDrafts }): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, routes.list, async (request) => ({
      drafts: await drafts.list(currentUser(request).id),
    }));
    serve(app, routes.get, async (request) => ({
      draft: await drafts.get(currentUser(request).id, request.query),
    }));
    serve(app, routes.save, async (request) => drafts.save(currentUser(request).id, request.body));
    serve(app, routes.remove, async (request, reply) => {
      await drafts.remove(currentUser(request).id, request.params.id);
      return reply.status(204).send();
    });
  };
}
