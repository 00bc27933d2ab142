import {
  CreatedToken,
  CreateTokenRequest,
  TokenIdParams,
  TokensResponse,
} from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from './request-user';
import type { AccessTokens } from './access-tokens';

/**
 * The caller's personal access tokens. Account routes: a session only (a token never makes or
 * lists tokens). A new token answers 201 with the token itself, shown this once.
 */
export function tokenRoutes({ tokens }: { tokens: AccessTokens }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/', { schema: { response: { 200: TokensResponse } } }, async (request) => ({
      tokens: await tokens.list(currentUser(request).id),
    }));

    app.post(
      '/',
      { schema: { body: CreateTokenRequest, response: { 201: CreatedToken } } },
      async (request, reply) =>
        reply.status(201).send(await tokens.create(currentUser(request).id, request.body)),
    );

    app.delete('/:id', { schema: { params: TokenIdParams } }, async (request, reply) => {
      await tokens.revoke(currentUser(request).id, request.params.id);
      return reply.status(204).send();
    });
  };
}
