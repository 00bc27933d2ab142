import { route } from '../route';
import { CreatedToken, CreateTokenRequest, TokenIdParams, TokensResponse } from '../tokens';

/** The caller's personal access tokens: a new one answers 201 (with the token, shown once), a revoke 204. */
export const tokenRoutes = {
  list: route({ method: 'GET', path: '/api/auth/tokens', responses: { 200: TokensResponse } }),
  create: route({
    method: 'POST',
    path: '/api/auth/tokens',
    body: CreateTokenRequest,
    responses: { 201: CreatedToken },
  }),
  revoke: route({ method: 'DELETE', path: '/api/auth/tokens/:id', params: TokenIdParams }),
};
