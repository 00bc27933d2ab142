import { api, FavoriteItemType } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/request-user';
import { serve } from '../routing';
import type { FavoritesService } from './service';

/** An export of the largest import (20,000 items) is a few MB; the default body limit is 1 MB. */
const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

const routes = api.favorites;

/** Per-user favourites: thin handlers over the favourites service. New records answer 201. */
export function favoriteRoutes({
  favorites,
}: {
  favorites: FavoritesService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, routes.list, async (request) => ({
      data: await favorites.list(currentUser(request).id),
    }));

    serve(app, routes.add.work, async (request, reply) => {
      const { created, item } = await favorites.addWork(currentUser(request).id, request.body);
      return reply.status(created ? 201 : 200).send(item);
    });
    serve(app, routes.add.episode, async (request, reply) => {
      const { created, item } = await favorites.addEpisode(currentUser(request).id, request.body);
      return reply.status(created ? 201 : 200).send(item);
    });
    serve(app, routes.add.image, async (request, reply) => {
      const { created, item } = await favorites.addImage(currentUser(request).id, request.body);
      return reply.status(created ? 201 : 200).send(item);
    });

    for (const type of FavoriteItemType.options) {
      serve(app, routes.remove[type], async (request) => {
        await favorites.remove(currentUser(request).id, type, request.params.id);
        return { success: true as const, message: '已取消收藏' };
      });
    }

    serve(app, routes.status, async (request) =>
      favorites.status(currentUser(request).id, request.query),
    );

    serve(app, routes.stats, async (request) => ({
      data: await favorites.stats(currentUser(request).id),
    }));

    serve(app, routes.export, async (request) => ({
      success: true as const,
      data: await favorites.export(currentUser(request).id),
    }));

    serve(app, routes.removeMany, async (request) => ({
      success: true as const,
      deleted: await favorites.removeMany(currentUser(request).id, request.body),
    }));

    serve(app, routes.import, { bodyLimit: IMPORT_BODY_LIMIT }, async (request) => ({
      success: true as const,
      ...(await favorites.import(currentUser(request).id, request.body)),
    }));
  };
}
