import { api } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../routing';
import { currentUser } from './request-user';
import type { AccessTokens } from './access-tokens';
import type { AuthService } from './service';

const routes = api.tokens;

/**
 * The caller's personal access tokens. Account routes: a session only (a token never makes or
 * lists tokens). A new token needs the password and answers 201 with the token itself, shown
 * this once.
 */
export function tokenRoutes({
  auth,
  tokens,
}: {
  auth: AuthService;
  tokens: AccessTokens;
}): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, routes.list, async (request) => ({
      tokens: await tokens.list(currentUser(request).id),
    }));

    serve(app, routes.create, async (request, reply) =>
      reply
        .status(201)
        .send(await auth.createToken(currentUser(request), request.body, request.ip)),
    );

    serve(app, routes.revoke, async (request, reply) => {
      await tokens.revoke(currentUser(request).id, request.params.id);
      return reply.status(204).send();
    });
  };
}
