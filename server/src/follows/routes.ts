import { api } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireTokenScope } from '../auth/request-user';
import { serve } from '../routing';
import type { FollowsService } from './service';

const routes = api.follows;

/** The caller's own follows: thin handlers over the follows service. A new follow answers 201. */
export function followRoutes({ follows }: { follows: FollowsService }): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, routes.list, async (request) => follows.list(currentUser(request).id));

    serve(app, routes.follow, async (request, reply) => {
      if (request.body.mode === 'download') requireTokenScope(request, 'download');
      const { created, item } = await follows.follow(currentUser(request).id, request.body);
      return reply.status(created ? 201 : 200).send(item);
    });

    // 自动下载 starts whole-work downloads: a token needs the download scope for it (here and above).
    serve(app, routes.setMode, async (request) => {
      if (request.body.mode === 'download') requireTokenScope(request, 'download');
      return follows.setMode(currentUser(request).id, request.params.id, request.body.mode);
    });

    // Answers the follow's `undo`: sent back in `restore` within a minute, it follows again as it was.
    serve(app, routes.unfollow, async (request) => {
      const undo = await follows.unfollow(currentUser(request).id, request.params.id);
      return { success: true as const, undo };
    });

    serve(app, routes.markAllSeen, async (request, reply) => {
      await follows.markSeen(currentUser(request).id);
      return reply.status(204).send();
    });

    serve(app, routes.markSeen, async (request, reply) => {
      await follows.markSeen(currentUser(request).id, request.params.id);
      return reply.status(204).send();
    });

    serve(app, routes.markEpisodeSeen, async (request, reply) => {
      const { id, episodeId } = request.params;
      await follows.markEpisodeSeen(currentUser(request).id, id, episodeId);
      return reply.status(204).send();
    });

    serve(app, routes.check, async (request) =>
      follows.checkNow(currentUser(request).id, request.params.id),
    );
  };
}
