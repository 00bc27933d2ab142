import { api, type LibraryScope } from '@capshelf/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../errors';
import { currentUser } from '../auth/request-user';
import { serve } from '../routing';
import type { HistoryService } from './history';
import type { Libraries } from './index';

const routes = api.library;

/**
 * The caller, once allowed the scope they ask for: their own library, or 全部用户 (admins only).
 */
function viewer(request: FastifyRequest, scope: LibraryScope) {
  const user = currentUser(request);
  if (scope === 'all' && user.role !== 'admin') throw forbidden('只有管理员可以查看全部用户的图库');
  // Every user's library is an admin's view: like the admin routes, a script's token cannot have it.
  if (scope === 'all' && request.tokenScopes !== null) {
    throw forbidden('访问令牌不能用于管理接口（全部用户的图库）');
  }
  return user.id;
}

/**
 * The three libraries (the user's cached images flat and categorized, and their history), the
 * visits that feed them, and the home page's totals.
 */
export function libraryRoutes({
  libraries,
  history,
}: {
  libraries: Libraries;
  history: HistoryService;
}): FastifyPluginAsyncZod {
  const { cache, search } = libraries;
  return async (app) => {
    serve(app, routes.local, async (request) =>
      cache.local(viewer(request, request.query.scope), request.query),
    );

    serve(app, routes.stats, async (request) => {
      const { scope } = request.query;
      return cache.stats(viewer(request, scope), scope);
    });

    serve(app, routes.categorized, async (request) =>
      cache.categorized(viewer(request, request.query.scope), request.query),
    );

    serve(app, routes.categoryEpisode, async (request) => {
      const { category, episode } = request.params;
      const userId = viewer(request, request.query.scope);
      return cache.episode(userId, category, episode, request.query);
    });

    serve(app, routes.history.byWork, async (request) => search.byWork(currentUser(request).id));

    serve(app, routes.history.byEpisode, async (request) =>
      search.byEpisode(currentUser(request).id),
    );

    serve(app, routes.history.remove, async (request) =>
      search.remove(currentUser(request).id, request.params.id),
    );

    serve(app, routes.recordAccess, async (request, reply) => {
      await history.recordVisit(currentUser(request).id, request.query, null);
      return reply.status(204).send();
    });

    serve(app, routes.recordView, async (request, reply) => {
      const b = request.body;
      // An estimate (fast mode, or no ids yet) is no count to keep.
      const count = b.image_count === 'exact' && b.image_ids.length ? b.image_ids.length : null;
      await history.recordVisit(currentUser(request).id, b, count);
      return reply.status(204).send();
    });
  };
}
