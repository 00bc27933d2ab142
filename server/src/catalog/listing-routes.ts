import {
  EpisodeImagesQuery,
  ImageCrawlQuery,
  ImageCrawlResponse,
  ImageModePreference,
  MAX_PROGRESS_IMAGES,
  SetImageModeRequest,
  type ImageItem,
  ImageListResponse,
  MAX_RANGE,
  RangeQuery,
  SampleQuery,
  UpstreamId,
} from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../errors';
import { currentUser } from '../http/plugins/access';
import {
  imageItem,
  type CachedImageRecords,
  type CdnPreferences,
  type ThumbnailPrefetch,
} from '../images';
import type { ModePreferences } from './mode-preference';
import type { ImageListing } from './listings';
import type { CatalogService } from './service';

/** A listing that needed no source page: an id range or a sample of the cache. */
const fromCacheOnly = (images: ImageItem[], mode: 'range' | 'sample') => ({
  images,
  total: images.length,
  cached: true,
  episode_title: null,
  work_title: null,
  work: null,
  episode: null,
  mode,
  exact: true,
  fetched_at: null,
});

const EpisodeParams = z.object({ episodeId: z.string().min(1).max(2000) });
const RangeParams = z.object({ start: UpstreamId, end: UpstreamId });

/** Image listings (episode, movie, id range, sample) and the episode mode preference. */
export function imageListRoutes({
  catalog,
  cdn,
  modes,
  prefetch,
  records,
}: {
  catalog: CatalogService;
  cdn: CdnPreferences;
  modes: ModePreferences;
  prefetch: ThumbnailPrefetch;
  records: CachedImageRecords;
}): FastifyPluginAsyncZod {
  const listing = async (
    userId: number,
    value: ImageListing,
    cached: boolean,
    fetchedAt: string | null,
    mode: 'smart' | 'fast',
  ) => {
    const compressed = await cdn.usesSmallCdn(userId);
    return {
      images: value.imageIds.map((id) => imageItem(value.kind, id, compressed)),
      total: value.imageIds.length,
      cached,
      episode_title: value.episodeTitle,
      work_title: value.workTitle,
      work: value.work,
      episode: value.episode,
      mode,
      exact: value.exact,
      fetched_at: fetchedAt,
    };
  };

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
          const ref = catalog.resolveEpisode(request.params.episodeId, request.query.kind);
          const found = await catalog.episodeImages(ref, mode, request.query.refresh);
          if (mode === 'smart') prefetch.thumbnails(currentUser(request).id, found.value);
          return listing(currentUser(request).id, found.value, found.cached, found.fetchedAt, mode);
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
        const { kind, offset, resume, refresh } = request.query;
        const ref = catalog.resolveEpisode(request.params.episodeId, kind);
        const status = await catalog.crawlStatus(ref, { resume, refresh });
        const user = currentUser(request);
        if (status.state === 'done') prefetch.thumbnails(user.id, status.listing);
        const compressed = await cdn.usesSmallCdn(user.id);
        const { listing } = status;
        return {
          state: status.state,
          images: listing.imageIds
            .slice(offset, offset + MAX_PROGRESS_IMAGES)
            .map((id) => imageItem(listing.kind, id, compressed)),
          offset,
          total: listing.imageIds.length,
          page: status.pagesRead,
          pages: status.pages,
          pages_at_least: status.pagesAtLeast,
          episode_title: listing.episodeTitle,
          work_title: listing.workTitle,
          work: listing.work,
          episode: listing.episode,
          cached: status.cached,
          fetched_at: status.fetchedAt,
          error: status.error,
        };
      },
    );

    app.get(
      '/mode-preference',
      { schema: { response: { 200: ImageModePreference } } },
      async (request) => ({ image_mode: await modes.get(currentUser(request).id) }),
    );

    app.put(
      '/mode-preference',
      { schema: { body: SetImageModeRequest, response: { 200: ImageModePreference } } },
      async (request) => {
        await modes.set(currentUser(request).id, request.body.image_mode);
        return { image_mode: request.body.image_mode };
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
        if (end < start) throw badRequest('end: 结束 ID 不能小于起始 ID');
        if (end - start + 1 > MAX_RANGE) throw badRequest(`end: 一次最多 ${MAX_RANGE} 张图片`);
        const { kind } = request.query;
        const compressed = await cdn.usesSmallCdn(currentUser(request).id);
        return fromCacheOnly(
          Array.from({ length: end - start + 1 }, (_, i) => imageItem(kind, start + i, compressed)),
          'range',
        );
      },
    );

    app.get(
      '/sample',
      { schema: { querystring: SampleQuery, response: { 200: ImageListResponse } } },
      async (request) => {
        const rows = await records.sample(request.query.limit);
        const compressed = await cdn.usesSmallCdn(currentUser(request).id);
        return fromCacheOnly(
          rows.map((r) => imageItem(r.kind, r.id, compressed)),
          'sample',
        );
      },
    );
  };
}
