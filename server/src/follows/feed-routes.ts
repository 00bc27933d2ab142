import { api } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../errors';
import { currentUser } from '../auth/request-user';
import { serve } from '../routing';
import type { FeedService } from './feed';

const routes = api.follows.feed;

/** The caller's feed address, on the profile (an account route: a session only). */
export function feedAddressRoutes({ feed }: { feed: FeedService }): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, routes.address, async (request) => ({
      url: await feed.address(currentUser(request).id),
    }));
    serve(app, routes.regenerate, async (request) => ({
      url: await feed.regenerate(currentUser(request).id),
    }));
    serve(app, routes.turnOff, async (request, reply) => {
      await feed.turnOff(currentUser(request).id);
      return reply.status(204).send();
    });
  };
}

/** `/feeds/<token>.atom`: the feed itself, for feed readers (no session; outside /api). */
export function feedRoutes({ feed }: { feed: FeedService }): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, routes.atom, { config: { access: 'public' } }, async (request, reply) => {
      const xml = await feed.atom(request.params.file);
      if (xml === null) throw notFound('订阅地址不存在');
      return reply
        .header('content-type', 'application/atom+xml; charset=utf-8')
        .header('cache-control', 'private, max-age=60')
        .send(xml);
    });
  };
}
