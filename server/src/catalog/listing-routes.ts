import { api } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/request-user';
import type { ThumbnailPrefetch } from '../images';
import { serve } from '../routing';
import type { ListingAnswers } from './answers';
import type { CatalogService } from './service';

const routes = api.catalog.listing;

/** Image listings: an episode or movie (whole, or as a crawl in progress), an id range, a sample. */
export function imageListRoutes({
  catalog,
  answers,
  prefetch,
}: {
  catalog: CatalogService;
  answers: ListingAnswers;
  prefetch: ThumbnailPrefetch;
}): FastifyPluginAsyncZod {
  return async (app) => {
    for (const mode of ['smart', 'fast'] as const) {
      serve(app, routes[mode], async (request) => {
        const userId = currentUser(request).id;
        const ref = catalog.resolveEpisode(request.params.episodeId, request.query.kind);
        const found = await catalog.episodeImages(ref, mode, request.query.refresh);
        if (mode === 'smart') prefetch.thumbnails(userId, found.value);
        return answers.listing(userId, found, mode);
      });
    }

    serve(app, routes.progress, async (request) => {
      const userId = currentUser(request).id;
      const { kind, offset, resume, refresh } = request.query;
      const ref = catalog.resolveEpisode(request.params.episodeId, kind);
      const status = await catalog.crawlStatus(ref, { resume, refresh });
      if (status.state === 'done') prefetch.thumbnails(userId, status.listing);
      return answers.progress(userId, status, offset);
    });

    serve(app, routes.range, async (request) => {
      const { start, end } = request.params;
      return answers.range(currentUser(request).id, request.query.kind, start, end);
    });

    serve(app, routes.sample, async (request) =>
      answers.sample(currentUser(request).id, request.query.limit),
    );
  };
}
