import {
  EpisodeImagesQuery,
  ImageCrawlQuery,
  ImageCrawlResponse,
  ImageListResponse,
  RangeQuery,
  SampleQuery,
  UpstreamId,
} from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../auth/request-user';
import type { ThumbnailPrefetch } from '../images';
import type { ListingAnswers } from './answers';
import type { CatalogService } from './service';

const EpisodeParams = z.object({ episodeId: z.string().min(1).max(2000) });
const RangeParams = z.object({ start: UpstreamId, end: UpstreamId });

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
      app.get(
        mode === 'smart' ? '/episode/:episodeId' : '/episode/:episodeId/fast',
        {
          schema: {
            params: EpisodeParams,
            querystring: EpisodeImagesQuery,
            response: { 200: ImageListResponse },
          },
        },
        async (request) => {
          const userId = currentUser(request).id;
          const ref = catalog.resolveEpisode(request.params.episodeId, request.query.kind);
          const found = await catalog.episodeImages(ref, mode, request.query.refresh);
          if (mode === 'smart') prefetch.thumbnails(userId, found.value);
          return answers.listing(userId, found, mode);
        },
      );
    }

    app.get(
      '/episode/:episodeId/progress',
      {
        schema: {
          params: EpisodeParams,
          querystring: ImageCrawlQuery,
          response: { 200: ImageCrawlResponse },
        },
      },
      async (request) => {
        const userId = currentUser(request).id;
        const { kind, offset, resume, refresh } = request.query;
        const ref = catalog.resolveEpisode(request.params.episodeId, kind);
        const status = await catalog.crawlStatus(ref, { resume, refresh });
        if (status.state === 'done') prefetch.thumbnails(userId, status.listing);
        return answers.progress(userId, status, offset);
      },
    );

    app.get(
      '/range/:start/:end',
      {
        schema: {
          params: RangeParams,
          querystring: RangeQuery,
          response: { 200: ImageListResponse },
        },
      },
      async (request) => {
        const { start, end } = request.params;
        return answers.range(currentUser(request).id, request.query.kind, start, end);
      },
    );

    app.get(
      '/sample',
      { schema: { querystring: SampleQuery, response: { 200: ImageListResponse } } },
      async (request) => answers.sample(currentUser(request).id, request.query.limit),
    );
  };
}
