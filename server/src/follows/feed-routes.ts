import { FeedAddress } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../errors';
import { currentUser } from '../auth/request-user';
import type { FeedService } from './feed';

/** The caller's feed address, on the profile (an account route: a session only). */
export function feedAddressRoutes({ feed }: { feed: FeedService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/', { schema: { response: { 200: FeedAddress } } }, async (request) => ({
      url: await feed.address(currentUser(request).id),
    }));
    app.post('/', { schema: { response: { 200: FeedAddress } } }, async (request) => ({
      url: await feed.regenerate(currentUser(request).id),
    }));
    app.delete('/', async (request, reply) => {
      await feed.turnOff(currentUser(request).id);
      return reply.status(204).send();
    });
  };
}

/** `/feeds/<token>.atom`: the feed itself, for feed readers (no session; outside /api). */
export function feedRoutes({ feed }: { feed: FeedService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/:file',
      { config: { access: 'public' }, schema: { params: z.object({ file: z.string().max(200) }) } },
      async (request, reply) => {
        const xml = await feed.atom(request.params.file);
        if (xml === null) throw notFound('订阅地址不存在');
        return reply
          .header('content-type', 'application/atom+xml; charset=utf-8')
          .header('cache-control', 'private, max-age=60')
          .send(xml);
      },
    );
  };
}
