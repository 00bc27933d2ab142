import {
  AddRecentSearchRequest,
  ClearRecentSearchesResponse,
  RecentSearchesResponse,
  SuggestionsQuery,
} from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/request-user';
import type { RecentSearches } from './recent-searches';

/** The caller's own recent searches: list, add, clear, and suggestions drawn from them. */
export function recentSearchRoutes({ recent }: { recent: RecentSearches }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/', { schema: { response: { 200: RecentSearchesResponse } } }, async (request) => ({
      searches: await recent.list(currentUser(request).id),
    }));

    app.post('/', { schema: { body: AddRecentSearchRequest } }, async (request, reply) => {
      const { query, results_count } = request.body;
      await recent.record(currentUser(request).id, query, results_count);
      return reply.status(204).send();
    });

    app.delete(
      '/',
      { schema: { response: { 200: ClearRecentSearchesResponse } } },
      async (request) => ({ cleared: await recent.clear(currentUser(request).id) }),
    );

    app.get(
      '/suggestions',
      { schema: { querystring: SuggestionsQuery, response: { 200: RecentSearchesResponse } } },
      async (request) => ({
        searches: await recent.suggestions(currentUser(request).id, request.query.q),
      }),
    );
  };
}
