import { api } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../routing';
import type { UrlBuilders } from '../upstream';
import { episodesAnswer, searchAnswer } from './answers';
import type { Directory } from './directory';
import type { CatalogService } from './service';

const routes = api.catalog;

/** Search and episode lists: thin handlers over the catalog. */
export function searchRoutes({
  catalog,
  directory,
  builders,
}: {
  catalog: CatalogService;
  directory: Directory;
  builders: UrlBuilders;
}): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, routes.search, async (request) => {
      const { query, content_type } = request.body;
      const found = await catalog.search(query, content_type, request.query.refresh);
      return searchAnswer(found, builders);
    });

    serve(app, routes.episodes, async (request) => {
      const { show_url, kind } = request.body;
      const show = await catalog.episodes(show_url, kind, request.query.refresh);
      const { work } = show.value;
      return episodesAnswer(show, await directory.imageCounts(work.kind, work.id), builders);
    });
  };
}
