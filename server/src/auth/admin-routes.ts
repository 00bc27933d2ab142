import {
  AdminUser,
  AdminUserIdParams,
  AdminUserList,
  CreateUserRequest,
  CreateUserResponse,
  ResetUserPasswordRequest,
  UpdateUserRequest,
} from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from './request-user';
import type { UserAdmin } from './user-admin';

/** Admin-only account management: thin handlers over the service `npm run users` uses. */
export function adminUserRoutes({ userAdmin }: { userAdmin: UserAdmin }): FastifyPluginAsyncZod {
  return async (app) => {
    const access = { access: 'admin' as const };

    app.get('/', { config: access, schema: { response: { 200: AdminUserList } } }, async () => ({
      users: await userAdmin.list(),
    }));

    app.post(
      '/',
      {
        config: access,
        schema: { body: CreateUserRequest, response: { 201: CreateUserResponse } },
      },
      async (request, reply) => {
        const { display_name, ...rest } = request.body;
        const created = await userAdmin.add(
          { ...rest, displayName: display_name || null },
          currentUser(request).id,
        );
        return reply.status(201).send(created);
      },
    );

    app.patch(
      '/:id',
      {
        config: access,
        schema: {
          params: AdminUserIdParams,
          body: UpdateUserRequest,
          response: { 200: AdminUser },
        },
      },
      async (request) => userAdmin.update(request.params.id, request.body, currentUser(request).id),
    );

    app.post(
      '/:id/password',
      {
        config: access,
        schema: {
          params: AdminUserIdParams,
          body: ResetUserPasswordRequest,
          response: { 200: CreateUserResponse },
        },
      },
      async (request) =>
        userAdmin.resetPassword(request.params.id, request.body.password, currentUser(request).id),
    );
  };
}
