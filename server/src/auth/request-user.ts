import type { TokenScope } from '@capshelf/contract';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthenticated } from '../errors';
import type { UserRow } from './users';

export const SESSION_COOKIE = 'capshelf_session';
/**
 * The cookie travels to the API but is honoured only by routes marked `cookieAuth` (image bytes and
 * finished ZIPs, read-only GETs a plain <img src> or <a href> must reach); everything else needs the
 * bearer header, so a cross-site request can never act for the user.
 */
export const SESSION_COOKIE_PATH = '/api';

export type Access = 'public' | 'user' | 'admin';

/** A registered route and who may call it, as the access hook judges it. */
export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
  cookieAuth: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; every /api route is 'user' unless it says otherwise. */
    access?: Access;
    /** Also accept the session cookie (read-only GETs that plain links and images make). */
    cookieAuth?: boolean;
  }
  interface FastifyInstance {
    /** Every route registered after access control, with its access (walked by the route matrix tests). */
    routeAccess: RouteAccess[];
  }
  interface FastifyRequest {
    user: UserRow | null;
    sessionToken: string | null;
    /** The scopes of the personal access token the request came with; null for a session. */
    tokenScopes: TokenScope[] | null;
  }
}

/** The bearer token if the request sends one, else (on cookie-authorised routes) the session cookie. */
export function sessionTokenOf(
  authorization: string | undefined,
  sessionCookie: (() => string | undefined) | null,
): string | null {
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7).trim() || null;
  return sessionCookie?.() ?? null;
}

/**
 * For a call whose body asks for more than its route's scope (a follow set to 自动下载 starts
 * downloads): a token without `scope` is refused; a session may do anything its user may.
 */
export function requireTokenScope(request: FastifyRequest, scope: TokenScope): void {
  if (request.tokenScopes && !request.tokenScopes.includes(scope))
    throw forbidden(`此访问令牌没有 ${scope} 权限`);
}

/** For handlers of protected routes: the hook guarantees a user is present. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthenticated();
  return request.user;
}
