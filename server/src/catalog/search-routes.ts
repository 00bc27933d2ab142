import {
  ClearListingsResponse,
  ClearSearchCacheQuery,
  EpisodesRequest,
  EpisodesResponse,
  RefreshQuery,
  type ResultType,
  SearchRequest,
  SearchResponse,
} from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kind } from '../config';
import { currentUser } from '../http/plugins/access';
import { thumbUrl, type CacheAdmin } from '../images';
import { episodeLink, workLink, type UrlBuilders } from '../upstream';
import type { Directory } from './directory';
import type { CatalogService } from './service';

const RESULT_TYPE: Record<Kind, ResultType> = { anime: 'Anime', tv: 'TV', movie: 'Movie' };

/** Search and episode lists: thin handlers over the catalog. */
export function searchRoutes({
  cacheAdmin,
  catalog,
  directory,
  builders,
}: {
  cacheAdmin: CacheAdmin;
  catalog: CatalogService;
  directory: Directory;
  builders: UrlBuilders;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/search',
      {
        schema: {
          body: SearchRequest,
          querystring: RefreshQuery,
          response: { 200: SearchResponse },
        },
      },
      async (request) => {
        const { query, content_type } = request.body;
        const found = await catalog.search(query, content_type, request.query.refresh);
        const results = found.value.map((r) => ({
          title: r.title,
          content_type: RESULT_TYPE[r.kind],
          url: r.url,
          year: r.year,
          kind: r.kind,
          id: r.id,
          preview_images: r.previewIds.map((id) => thumbUrl(r.kind, id)),
          link: workLink(builders, r.kind, r.id),
        }));
        return {
          results,
          total: results.length,
          cached: found.cached,
          fetched_at: found.fetchedAt,
        };
      },
    );

    app.delete(
      '/search/cache',
      {
        // Cached searches are shared by every user: only the admin clears them (any pattern).
        config: { access: 'admin' },
        schema: { querystring: ClearSearchCacheQuery, response: { 200: ClearListingsResponse } },
      },
      async (request) => {
        const { count } = await cacheAdmin.perform(currentUser(request).id, {
          type: 'clear-search',
          pattern: request.query.pattern,
        });
        return { message: `已清除 ${count} 条搜索缓存`, cleared_items: count };
      },
    );

    app.post(
      '/episodes',
      {
        schema: {
          body: EpisodesRequest,
          querystring: RefreshQuery,
          response: { 200: EpisodesResponse },
        },
      },
      async (request) => {
        const show = await catalog.episodes(
          request.body.show_url,
          request.body.kind,
          request.query.refresh,
        );
        const { work } = show.value;
        const counts = await directory.imageCounts(work.kind, work.id);
        const episodes = show.value.episodes.map((e) => ({
          id: e.id,
          title: e.label,
          url: e.url,
          episode_number: e.number,
          preview_images: e.previewIds.slice(0, 4).map((id) => thumbUrl(work.kind, id)),
          image_count: counts.get(e.id) ?? null,
          link: episodeLink(builders, work.kind, e.id),
        }));
        return {
          show_title: show.value.title,
          work: { kind: work.kind, id: work.id },
          episodes,
          total: episodes.length,
          cached: show.cached,
          fetched_at: show.fetchedAt,
        };
      },
    );
  };
}
