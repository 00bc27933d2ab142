import {
  AddFavoriteEpisodeRequest,
  AddFavoriteImageRequest,
  AddFavoriteWorkRequest,
  FavoriteBatchDeleteRequest,
  FavoriteBatchDeleteResponse,
  FavoriteDeleteResponse,
  FavoriteEpisode,
  FavoriteIdParams,
  FavoriteImage,
  FavoriteItemType,
  FavoritesExportResponse,
  FavoritesImportRequest,
  FavoritesImportResponse,
  FavoritesResponse,
  FavoriteStatsResponse,
  FavoriteStatusQuery,
  FavoriteStatusResponse,
  FavoriteWork,
} from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/request-user';
import type { FavoritesService } from './service';

/** An export of the largest import (20,000 items) is a few MB; the default body limit is 1 MB. */
const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

/** Per-user favourites: thin handlers over the favourites service. New records answer 201. */
export function favoriteRoutes({
  favorites,
}: {
  favorites: FavoritesService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/', { schema: { response: { 200: FavoritesResponse } } }, async (request) => ({
      data: await favorites.list(currentUser(request).id),
    }));

    app.post(
      '/work',
      {
        schema: {
          body: AddFavoriteWorkRequest,
          response: { 200: FavoriteWork, 201: FavoriteWork },
        },
      },
      async (request, reply) => {
        const { created, item } = await favorites.addWork(currentUser(request).id, request.body);
        return reply.status(created ? 201 : 200).send(item);
      },
    );

    app.post(
      '/episode',
      {
        schema: {
          body: AddFavoriteEpisodeRequest,
          response: { 200: FavoriteEpisode, 201: FavoriteEpisode },
        },
      },
      async (request, reply) => {
        const { created, item } = await favorites.addEpisode(currentUser(request).id, request.body);
        return reply.status(created ? 201 : 200).send(item);
      },
    );

    app.post(
      '/image',
      {
        schema: {
          body: AddFavoriteImageRequest,
          response: { 200: FavoriteImage, 201: FavoriteImage },
        },
      },
      async (request, reply) => {
        const { created, item } = await favorites.addImage(currentUser(request).id, request.body);
        return reply.status(created ? 201 : 200).send(item);
      },
    );

    for (const type of FavoriteItemType.options) {
      app.delete(
        `/${type}/:id`,
        { schema: { params: FavoriteIdParams, response: { 200: FavoriteDeleteResponse } } },
        async (request) => {
          await favorites.remove(currentUser(request).id, type, request.params.id);
          return { success: true as const, message: '已取消收藏' };
        },
      );
    }

    app.get(
      '/status',
      { schema: { querystring: FavoriteStatusQuery, response: { 200: FavoriteStatusResponse } } },
      async (request) => favorites.status(currentUser(request).id, request.query),
    );

    app.get(
      '/stats',
      { schema: { response: { 200: FavoriteStatsResponse } } },
      async (request) => ({
        data: await favorites.stats(currentUser(request).id),
      }),
    );

    app.get(
      '/export',
      { schema: { response: { 200: FavoritesExportResponse } } },
      async (request) => ({
        success: true as const,
        data: await favorites.export(currentUser(request).id),
      }),
    );

    app.post(
      '/batch/delete',
      {
        schema: {
          body: FavoriteBatchDeleteRequest,
          response: { 200: FavoriteBatchDeleteResponse },
        },
      },
      async (request) => ({
        success: true as const,
        deleted: await favorites.removeMany(currentUser(request).id, request.body),
      }),
    );

    app.post(
      '/import',
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        schema: { body: FavoritesImportRequest, response: { 200: FavoritesImportResponse } },
      },
      async (request) => ({
        success: true as const,
        ...(await favorites.import(currentUser(request).id, request.body)),
      }),
    );
  };
}
