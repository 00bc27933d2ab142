import type { TokenScope } from '@capshelf/contract';
import type { FastifyInstance } from 'fastify';
import type { AuthService, UserRow } from '../../auth';
import { AccessTokens } from '../../auth/access-tokens';
import { requiredScope } from '../../auth/token-scopes';
import {
  sessionTokenOf,
  SESSION_COOKIE,
  type Access,
  type RouteAccess,
} from '../../auth/request-user';
import { forbidden, unauthenticated } from '../../errors';

/**
 * Authenticates before the body is parsed, so an anonymous caller gets 401 whatever it sent. The
 * decision comes from the route the router matched (its pattern and config), never from the
 * request line: `DELETE http://anything/api/x` is routed like `/api/x` and judged the same. On the
 * root, so a route module registered anywhere under /api is covered without opting in.
 */
export function registerAccessControl(app: FastifyInstance, auth: AuthService) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('tokenScopes', null);
  const routes: RouteAccess[] = [];
  app.decorate('routeAccess', routes);
  app.addHook('onRoute', (route) => {
    const { access = 'user', cookieAuth = false } = route.config ?? {};
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, access, cookieAuth });
    }
  });
  app.addHook('onRequest', async (request) => {
    if (request.is404 || !request.routeOptions.url?.startsWith('/api/')) return;
    const { access = 'user', cookieAuth = false } = request.routeOptions.config;
    const token = sessionTokenOf(
      request.headers.authorization,
      cookieAuth ? () => request.cookies[SESSION_COOKIE] : null,
    );
    const script = token !== null && AccessTokens.looksLikeOne(token);
    const scripted =
      token && script
        ? await scriptUser(auth, token, {
            method: request.method,
            url: request.routeOptions.url,
            access,
          })
        : undefined;
    const user = !token ? undefined : script ? scripted?.user : await auth.authenticate(token);
    if (user) {
      request.user = user;
      request.sessionToken = script ? null : token;
      request.tokenScopes = scripted?.scopes ?? null;
    }
    if (access === 'public') return;
    if (!user) throw unauthenticated();
    if (access === 'admin' && user.role !== 'admin') throw forbidden();
  });
}

/**
 * The user of a personal access token, if the route takes tokens and the token has its scope
 * (403 otherwise); on a public route a token is nobody. An unknown or expired token is no user.
 */
async function scriptUser(
  auth: AuthService,
  token: string,
  route: { method: string; url: string; access: Access },
): Promise<{ user: UserRow; scopes: TokenScope[] } | undefined> {
  if (route.access === 'public') return undefined;
  const found = await auth.tokens.authenticate(token);
  if (!found) return undefined;
  const scope = requiredScope(route);
  if (!scope) throw forbidden('访问令牌不能用于账户或管理接口');
  if (!found.scopes.includes(scope)) throw forbidden(`此访问令牌没有 ${scope} 权限`);
  return found;
}
