import { api } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../routing';
import { currentUser } from './request-user';
import type { UserAdmin } from './user-admin';

const routes = api.adminUsers;
const admin = { config: { access: 'admin' as const } };

/** Admin-only account management: thin handlers over the service `npm run users` uses. */
export function adminUserRoutes({ userAdmin }: { userAdmin: UserAdmin }): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, routes.list, admin, async () => ({ users: await userAdmin.list() }));

    serve(app, routes.create, admin, async (request, reply) => {
      const { display_name, ...rest } = request.body;
      const created = await userAdmin.add(
        { ...rest, displayName: display_name || null },
        currentUser(request).id,
      );
      return reply.status(201).send(created);
    });

    serve(app, routes.update, admin, async (request) =>
      userAdmin.update(request.params.id, request.body, currentUser(request).id),
    );

    serve(app, routes.resetPassword, admin, async (request) =>
      userAdmin.resetPassword(request.params.id, request.body.password, currentUser(request).id),
    );

    serve(app, routes.tokens, admin, async (request) => ({
      tokens: await userAdmin.tokensOf(request.params.id),
    }));

    serve(app, routes.revokeToken, admin, async (request, reply) => {
      const { id, tokenId } = request.params;
      await userAdmin.revokeToken(id, tokenId, currentUser(request).id);
      return reply.status(204).send();
    });
  };
}
