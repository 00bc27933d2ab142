import { api } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../routing';
import { currentUser } from './request-user';
import type { AuthService } from './service';
import type { UserAdmin } from './user-admin';

const routes = api.adminUsers;
const admin = { config: { access: 'admin' as const } };

/** Admin-only account management: thin handlers over the service `npm run users` uses. */
export function adminUserRoutes({
  userAdmin,
  auth,
}: {
  userAdmin: UserAdmin;
  auth: AuthService;
}): FastifyPluginAsyncZod {
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

    // The admin's own password first: a session alone resets nobody's (`npm run users` needs none).
    serve(app, routes.resetPassword, admin, async (request) => {
      const by = currentUser(request);
      await auth.confirmPassword(by, request.body.current_password, request.ip);
      return userAdmin.resetPassword(request.params.id, request.body.password, by.id);
    });

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
