import {
  CategorizedLibraryQuery,
  CategorizedLibraryResponse,
  CategoryEpisodeParams,
  CategoryEpisodeQuery,
  CategoryEpisodeResponse,
  DeleteHistoryEpisodeResponse,
  HistoryIdParams,
  LocalLibraryQuery,
  LocalLibraryResponse,
  SearchLibraryEpisodesResponse,
  SearchLibraryResponse,
} from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services';
import { currentUser } from '../plugins/access';

/** The three libraries: the shared cache (flat and categorized) and the user's own history. */
export function libraryRoutes({ libraries }: Services): FastifyPluginAsyncZod {
  const { cache, search } = libraries;
  return async (app) => {
    app.get(
      '/local-library',
      { schema: { querystring: LocalLibraryQuery, response: { 200: LocalLibraryResponse } } },
      async (request) => cache.local(currentUser(request).id, request.query),
    );

    app.get(
      '/local-library-categorized',
      {
        schema: {
          querystring: CategorizedLibraryQuery,
          response: { 200: CategorizedLibraryResponse },
        },
      },
      async (request) => cache.categorized(currentUser(request).id, request.query),
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
        return cache.episode(currentUser(request).id, category, episode, request.query);
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
  };
}
