import { api } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/request-user';
import { serve } from '../routing';
import type { RecentSearches } from './recent-searches';

const routes = api.recentSearches;

/** The caller's own recent searches: list, add, clear, and suggestions drawn from them. */
export function recentSearchRoutes({ recent }: { recent: RecentSearches }): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, routes.list, async (request) => ({
      searches: await recent.list(currentUser(request).id),
    }));

    serve(app, routes.add, async (request, reply) => {
      const { query, results_count } = request.body;
      await recent.record(currentUser(request).id, query, results_count);
      return reply.status(204).send();
    });

    serve(app, routes.clear, async (request) => ({
      cleared: await recent.clear(currentUser(request).id),
    }));

    serve(app, routes.suggestions, async (request) => ({
      searches: await recent.suggestions(currentUser(request).id, request.query.q),
    }));
  };
}
