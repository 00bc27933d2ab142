import { api } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/request-user';
import { forbidden } from '../errors';
import { serve } from '../routing';
import type { SharesService } from './service';

const routes = api.shares;

/** The owner's share links: make, list, change, revoke (thin handlers over the service). */
export function shareRoutes({ shares }: { shares: SharesService }): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, routes.create, async (request, reply) => {
      const created = await shares.create(currentUser(request), request.body);
      return reply.status(201).send(created);
    });
    serve(app, routes.list, async (request) => {
      const everyone = request.query.scope === 'all';
      // Everyone's shares are an admin's view: like the admin routes, a script's token cannot have it.
      if (everyone && request.tokenScopes !== null) {
        throw forbidden('访问令牌不能用于管理接口（全部用户的分享）');
      }
      return { shares: await shares.list(currentUser(request), everyone) };
    });
    serve(app, routes.change, async (request) =>
      shares.change(currentUser(request), request.params.id, request.body),
    );
    serve(app, routes.revoke, async (request) =>
      shares.revoke(currentUser(request), request.params.id),
    );
  };
}
