import { api } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../routing';
import type { UrlBuilders } from '../upstream';
import { searchAnswer, titleSearchAnswer, type EpisodeListAnswers } from './answers';
import type { TitleFinder, WorkNamer } from './listings';
import type { CatalogService } from './service';

const routes = api.catalog;

/** Search: a thin handler over the catalogue, names in Chinese or Japanese through `titles`. */
export function searchRoutes({
  catalog,
  builders,
  titles,
}: {
  catalog: CatalogService;
  builders: UrlBuilders;
  /** Chinese and Japanese names, which the source site cannot read, and works' Chinese names. */
  titles: TitleFinder & WorkNamer;
}): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, routes.search, async (request) => {
      const { query, content_type } = request.body;
      const { refresh } = request.query;
      const byTitle = await titles.search(query, content_type, refresh ?? false);
      if (byTitle) {
        return titleSearchAnswer(byTitle, builders, await titles.namesOf(byTitle.records));
      }
      const found = await catalog.search(query, content_type, refresh);
      return searchAnswer(found, builders, await titles.namesOf(found.value));
    });
  };
}

/** A work's episode list, with the image counts the cache knows: a thin handler over the catalogue. */
export function episodeRoutes({
  catalog,
  answers,
}: {
  catalog: CatalogService;
  answers: EpisodeListAnswers;
}): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, routes.episodes, async (request) => {
      const { show_url, kind } = request.body;
      return answers.answer(await catalog.episodes(show_url, kind, request.query.refresh));
    });
  };
}
