// The API's routes as the server registered them, and what each one takes: the table from which
// the route matrix builds valid requests and the property tests build malformed ones.
import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from '../../src/auth/request-user';
import { accountInputs, OWNER } from './route-inputs/accounts';
import { cacheAdminInputs } from './route-inputs/cache';
import { datasetInputs } from './route-inputs/datasets';
import { downloadInputs } from './route-inputs/downloads';
import { favoriteInputs } from './route-inputs/favorites';
import { followInputs } from './route-inputs/follows';
import { healthInputs } from './route-inputs/health';
import { notificationInputs } from './route-inputs/notifications';
import { tokenInputs } from './route-inputs/tokens';
import { imageInputs } from './route-inputs/images';
import { shareInputs } from './route-inputs/shares';
import { siteHealthInputs } from './route-inputs/site-health';
import { auditInputs } from './route-inputs/audit';
import type { RouteInputs, Samples, Slot } from './route-slots';

export type { RouteInputs, Samples, Slot, SlotKind } from './route-slots';
export { OWNER };

/** The public routes as docs/api.md lists them; every other route needs a session. */
export const DOCUMENTED_PUBLIC_ROUTES = [
  'POST /api/auth/login',
  'GET /api/auth/status',
  'POST /api/auth/reset-password',
  'POST /api/auth/reset-password/confirm',
  'GET /api/images/cache-stats',
  'GET /api/health',
  // Share links' public page: the link's token (or a signed address) is the key.
  'GET /api/public/shares/:token',
  'POST /api/public/shares/:token/unlock',
  'GET /api/public/share-files/:shareId/:file',
  'GET /api/public/share-files/:shareId/archive.zip',
];

/** Routes only the admin may call (shared caches); docs/api.md lists them. */
export const DOCUMENTED_ADMIN_ROUTES = [
  'DELETE /api/search/cache',
  'DELETE /api/images/cache',
  'DELETE /api/images/cache/files',
  'GET /api/admin/cache',
  'POST /api/admin/cache/evict',
  'GET /api/admin/site-health',
  'PUT /api/admin/site-health/clearance',
  'DELETE /api/admin/site-health/clearance',
  'POST /api/admin/site-health/verify',
  'GET /api/admin/users',
  'POST /api/admin/users',
  'PATCH /api/admin/users/:id',
  'POST /api/admin/users/:id/password',
  'GET /api/admin/users/:id/tokens',
  'DELETE /api/admin/users/:id/tokens/:tokenId',
  'GET /api/admin/audit',
  'PUT /api/admin/work-titles/:kind/:id',
  'DELETE /api/admin/work-titles/:kind/:id',
  'GET /api/admin/download-storage',
];

/** The only routes that honour the session cookie (plain <img src> and <a href download>). */
export const DOCUMENTED_COOKIE_ROUTES = ['GET /api/images/:file', 'GET /api/download/:id/file'];

export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/** Every API route the server registered, from its own route table (HEAD mirrors GET and is left out). */
export function apiRoutes(app: FastifyInstance): RouteAccess[] {
  const seen = new Map<string, RouteAccess>();
  for (const route of app.routeAccess) {
    if (route.method === 'HEAD' || !route.url.startsWith('/api/')) continue;
    const url = route.url.replace(/(.)\/$/, '$1');
    seen.set(routeKey({ method: route.method, url }), { ...route, url });
  }
  return [...seen.values()].sort((a, b) => routeKey(a).localeCompare(routeKey(b)));
}

// ---------------------------------------------------------------------------------------------
// What each route takes: one entry per route, each input with a valid sample and its kind, from
// which the matrix builds valid requests and the property tests build malformed ones.
// The entries live in route-inputs/, one module per capability.

/** The expectation table: the route matrix fails when a registered route has no entry here. */
export function routeInputs(s: Samples): Record<string, RouteInputs> {
  return {
    ...accountInputs(s),
    ...imageInputs(s),
    ...downloadInputs(s),
    ...datasetInputs(s),
    ...favoriteInputs(s),
    ...followInputs(s),
    ...shareInputs(s),
    ...notificationInputs(s),
    ...tokenInputs(s),
    ...siteHealthInputs(),
    ...auditInputs(),
    ...cacheAdminInputs(),
    ...healthInputs(),
  };
}

/**
 * The table's keys, known before any app exists (test names are fixed when the file loads); only
 * the keys are used, so the sample values here are never sent.
 */
const UNUSED = 'only-the-keys-are-read';
export const EXPECTED_ROUTE_KEYS = Object.keys(
  routeInputs({
    favoriteIds: { work: 1, episode: 1, image: 1 },
    historyId: 1,
    followId: 1,
    channelId: 1,
    tokenId: 1,
    userId: 1,
    downloadId: UNUSED,
    workUrl: UNUSED,
    jobWorkUrl: UNUSED,
    episodeUrl: UNUSED,
    imageId: 1,
    ownImageUrl: UNUSED,
    share: { id: 1, token: UNUSED, exp: 1, fileSig: UNUSED, zipSig: UNUSED },
    draftId: 1,
  }),
).sort();

/** The entry of one route; a route without one fails the test that asks. */
export function inputsOf(table: Record<string, RouteInputs>, route: RouteAccess): RouteInputs {
  const inputs = table[routeKey(route)];
  if (!inputs) throw new Error(`no expectation entry for ${routeKey(route)}`);
  return inputs;
}

export const validEntries = (slots: Record<string, Slot> = {}) =>
  Object.entries(slots).filter(([, s]) => s.valid !== undefined);

export function validBody(inputs: RouteInputs): Record<string, unknown> | undefined {
  if (!inputs.body) return undefined;
  return Object.fromEntries(validEntries(inputs.body).map(([name, s]) => [name, s.valid]));
}

/** The route's URL with path params filled in (already encoded) and a query string. */
export function buildUrl(
  route: RouteAccess,
  inputs: RouteInputs,
  overrides: { params?: Record<string, string>; query?: [string, string][] } = {},
): string {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => {
    const given = overrides.params?.[name];
    if (given !== undefined) return given;
    const valid = inputs.params?.[name]?.valid;
    if (valid === undefined) throw new Error(`no sample for :${name} of ${routeKey(route)}`);
    return encodeURIComponent(String(valid));
  });
  const query =
    overrides.query ??
    validEntries(inputs.query).map(([name, s]) => [name, String(s.valid)] as [string, string]);
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/** A valid request for the route: what the matrix sends with each kind of credential. */
export function sampleRequest(route: RouteAccess, inputs: RouteInputs) {
  const body = validBody(inputs);
  return {
    method: route.method as 'GET',
    url: buildUrl(route, inputs),
    ...(body ? { payload: body } : {}),
  };
}
