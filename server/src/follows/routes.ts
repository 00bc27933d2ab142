import {
  Follow,
  FollowChangeRequest,
  FollowIdParams,
  FollowRequest,
  FollowsResponse,
  UnfollowResponse,
} from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/request-user';
import type { FollowsService } from './service';

/** The caller's own follows: thin handlers over the follows service. A new follow answers 201. */
export function followRoutes({ follows }: { follows: FollowsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/', { schema: { response: { 200: FollowsResponse } } }, async (request) =>
      follows.list(currentUser(request).id),
    );

    app.post(
      '/',
      { schema: { body: FollowRequest, response: { 200: Follow, 201: Follow } } },
      async (request, reply) => {
        const { created, item } = await follows.follow(currentUser(request).id, request.body);
        return reply.status(created ? 201 : 200).send(item);
      },
    );

    app.patch(
      '/:id',
      { schema: { params: FollowIdParams, body: FollowChangeRequest, response: { 200: Follow } } },
      async (request) =>
        follows.setMode(currentUser(request).id, request.params.id, request.body.mode),
    );

    app.delete(
      '/:id',
      { schema: { params: FollowIdParams, response: { 200: UnfollowResponse } } },
      async (request) => {
        await follows.unfollow(currentUser(request).id, request.params.id);
        return { success: true as const };
      },
    );

    /** Every new episode of every follow is seen (the home page's 全部已读). */
    app.post('/seen-all', async (request, reply) => {
      await follows.markSeen(currentUser(request).id);
      return reply.status(204).send();
    });

    app.post('/:id/seen', { schema: { params: FollowIdParams } }, async (request, reply) => {
      await follows.markSeen(currentUser(request).id, request.params.id);
      return reply.status(204).send();
    });
  };
}
