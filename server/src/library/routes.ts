import {
  CategorizedLibraryQuery,
  CategorizedLibraryResponse,
  CategoryEpisodeParams,
  CategoryEpisodeQuery,
  CategoryEpisodeResponse,
  DeleteHistoryEpisodeResponse,
  HistoryIdParams,
  CacheStats,
  LibraryStatsQuery,
  LocalLibraryQuery,
  LocalLibraryResponse,
  type LibraryScope,
  RecordEpisodeAccessQuery,
  RecordViewRequest,
  SearchLibraryEpisodesResponse,
  SearchLibraryResponse,
} from '@capshelf/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../errors';
import { currentUser } from '../auth/request-user';
import type { HistoryService } from './history';
import type { Libraries } from './index';

/**
 * The caller, once allowed the scope they ask for: their own library, or 全部用户 (admins only).
 */
function viewer(request: FastifyRequest, scope: LibraryScope) {
  const user = currentUser(request);
  if (scope === 'all' && user.role !== 'admin') throw forbidden('只有管理员可以查看全部用户的图库');
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
    app.get(
      '/local-library',
      { schema: { querystring: LocalLibraryQuery, response: { 200: LocalLibraryResponse } } },
      async (request) => cache.local(viewer(request, request.query.scope), request.query),
    );

    app.get(
      '/local-library/stats',
      { schema: { querystring: LibraryStatsQuery, response: { 200: CacheStats } } },
      async (request) => {
        const { scope } = request.query;
        return cache.stats(viewer(request, scope), scope);
      },
    );

    app.get(
      '/local-library-categorized',
      {
        schema: {
          querystring: CategorizedLibraryQuery,
          response: { 200: CategorizedLibraryResponse },
        },
      },
      async (request) => cache.categorized(viewer(request, request.query.scope), request.query),
    );

    app.get(
      '/local-library/category/:category/episode/:episode',
      {
        schema: {
          params: CategoryEpisodeParams,
          querystring: CategoryEpisodeQuery,
          response: { 200: CategoryEpisodeResponse },
        },
      },
      async (request) => {
        const { category, episode } = request.params;
        const userId = viewer(request, request.query.scope);
        return cache.episode(userId, category, episode, request.query);
      },
    );

    app.get(
      '/search-based-library',
      { schema: { response: { 200: SearchLibraryResponse } } },
      async (request) => search.byWork(currentUser(request).id),
    );

    app.get(
      '/search-based-library/episodes',
      { schema: { response: { 200: SearchLibraryEpisodesResponse } } },
      async (request) => search.byEpisode(currentUser(request).id),
    );

    app.delete(
      '/search-based-library/episode/:id',
      { schema: { params: HistoryIdParams, response: { 200: DeleteHistoryEpisodeResponse } } },
      async (request) => search.remove(currentUser(request).id, request.params.id),
    );

    app.post(
      '/record-episode-access',
      { schema: { querystring: RecordEpisodeAccessQuery } },
      async (request, reply) => {
        await history.recordVisit(currentUser(request).id, request.query, null);
        return reply.status(204).send();
      },
    );

    app.post('/record-view', { schema: { body: RecordViewRequest } }, async (request, reply) => {
      const b = request.body;
      // An estimate (fast mode, or no ids yet) is no count to keep.
      const count = b.image_count === 'exact' && b.image_ids.length ? b.image_ids.length : null;
      await history.recordVisit(currentUser(request).id, b, count);
      return reply.status(204).send();
    });
  };
}
