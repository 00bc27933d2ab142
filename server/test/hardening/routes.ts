// The API's routes as the server registered them, and what each one takes: the table from which
// the route matrix builds valid requests and the property tests build malformed ones.
import { KEY_IDS } from '@capshelf/replica';
import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from '../../src/http/plugins/access';

/** The public routes as docs/api.md lists them; every other route needs a session. */
export const DOCUMENTED_PUBLIC_ROUTES = [
  'POST /api/auth/login',
  'GET /api/auth/status',
  'POST /api/auth/reset-password',
  'POST /api/auth/reset-password/confirm',
  'GET /api/images/cache-stats',
];

/** Routes only the admin may call (shared caches); docs/api.md lists them. */
export const DOCUMENTED_ADMIN_ROUTES = [
  'DELETE /api/search/cache',
  'GET /api/admin/site-health',
  'PUT /api/admin/site-health/clearance',
  'DELETE /api/admin/site-health/clearance',
  'POST /api/admin/site-health/verify',
  'GET /api/admin/users',
  'POST /api/admin/users',
  'PATCH /api/admin/users/:id',
  'POST /api/admin/users/:id/password',
];

/** The only routes that honour the session cookie (plain <img src> and <a href download>). */
export const DOCUMENTED_COOKIE_ROUTES = ['GET /api/images/:file', 'GET /api/download/:id/file'];

/** The signed-in user of `startBrowseApp`. */
export const OWNER = { email: 'browser@example.com', password: 'UserPass123' };

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

export type SlotKind =
  /** Our own row ids (favourites, history): positive 32-bit integers. */
  | 'row-id'
  /** Upstream ids: positive integers up to 12 digits. */
  | 'upstream-id'
  /** A page number or page size between 1 and `max`. */
  | 'count'
  /** `<id>.jpg` in the image bytes path. */
  | 'image-file'
  | 'download-id'
  | 'category'
  | 'episode-key'
  /** Must name a source-site page of the kind the call needs (show, episode, movie): nothing else. */
  | 'page-ref'
  /** Must name a source-site work, or nothing at all; other hosts and schemes are refused. */
  | 'site-url'
  /** A work or episode id as the page holds it: number, digits or a site URL (body only). */
  | 'upstream-id-input'
  /** An image id as a number or its digits (body only). */
  | 'image-id'
  | 'choice'
  | 'email'
  | 'password'
  /** Free text up to `max` characters (after trimming). */
  | 'text'
  /** One of this server's or the source site's image URLs. */
  | 'image-url'
  /** A list of them. */
  | 'image-urls'
  /** A list of positive integer ids. */
  | 'id-list'
  /** A list of favourite records (an import file). */
  | 'record-list'
  /** A boolean field. */
  | 'flag'
  /** An integer between `min` and `max` (JSON number, body only). */
  | 'bounded-int';

export interface Slot {
  kind: SlotKind;
  /** A valid value; inputs without one are left out of the valid request. */
  valid?: unknown;
  required?: boolean;
  min?: number;
  max?: number;
}

export interface RouteInputs {
  params?: Record<string, Slot>;
  query?: Record<string, Slot>;
  /** Fields of a JSON body; routes without it read no body. */
  body?: Record<string, Slot>;
}

/** Ids of the records the fixture made, so valid requests name real objects. */
export interface Samples {
  favoriteIds: { work: number; episode: number; image: number };
  historyId: number;
  /** The signed-in user's own id (the admin calls' sample target). */
  userId: number;
  downloadId: string;
  /** The show the fixture's episode belongs to (a whole-work download's `work_url`). */
  workUrl: string;
  episodeUrl: string;
  imageId: number;
  ownImageUrl: string;
}

const slot = (kind: SlotKind, valid?: unknown, more: Partial<Slot> = {}): Slot => ({
  kind,
  valid,
  ...more,
});
const text = (max: number, valid?: string, required = false) =>
  slot('text', valid, { max, required });
const choice = (valid?: string, required = false) => slot('choice', valid, { required });
const count = (max: number) => slot('count', undefined, { max });
const titles = { search_term: text(500), show_title: text(500), episode_title: text(500) };

/** The expectation table: the route matrix fails when a registered route has no entry here. */
export function routeInputs(s: Samples): Record<string, RouteInputs> {
  const favoriteDelete = (id: number): RouteInputs => ({ params: { id: slot('row-id', id) } });
  return {
    'POST /api/auth/login': {
      body: { email: text(254, OWNER.email, true), password: text(256, OWNER.password, true) },
    },
    'GET /api/auth/me': {},
    'PATCH /api/auth/me': {
      body: {
        username: text(50),
        display_name: text(100, 'Someone Else'),
        email: slot('email'),
      },
    },
    'POST /api/auth/change-password': {
      body: {
        current_password: text(256, 'UserPass123', true),
        new_password: slot('password', 'NewPass1234', { required: true }),
      },
    },
    'POST /api/auth/logout': {},
    'GET /api/auth/status': {},
    'POST /api/auth/reset-password': {
      body: { email: slot('email', 'nobody@example.com', { required: true }) },
    },
    'POST /api/auth/reset-password/confirm': {
      body: {
        token: text(200, 'not-a-token', true),
        new_password: slot('password', 'NewPass1234', { required: true }),
      },
    },
    'GET /api/admin/users': {},
    'POST /api/admin/users': {
      body: {
        email: slot('email', 'newcomer@example.com', { required: true }),
        role: choice('user'),
        password: slot('password', 'NewPass1234'),
        username: text(50, 'newcomer'),
        display_name: text(100, 'Newcomer'),
      },
    },
    'PATCH /api/admin/users/:id': {
      params: { id: slot('row-id', s.userId) },
      body: { role: choice('user'), status: choice('active') },
    },
    'POST /api/admin/users/:id/password': {
      params: { id: slot('row-id', s.userId) },
      body: { password: slot('password', 'NewPass1234') },
    },
    'POST /api/search': {
      query: { refresh: choice() },
      body: { query: text(200, 'biyori', true), content_type: choice('all') },
    },
    'DELETE /api/search/cache': { query: { pattern: text(300) } },
    'POST /api/episodes': {
      query: { refresh: choice() },
      body: {
        show_url: slot('page-ref', `https://fancaps.net/anime/showimages.php?${KEY_IDS.longShow}`, {
          required: true,
        }),
        kind: choice('anime'),
      },
    },
    'GET /api/images/episode/:episodeId': {
      params: { episodeId: slot('page-ref', s.episodeUrl) },
      query: { kind: choice(), refresh: choice() },
    },
    'GET /api/images/episode/:episodeId/fast': {
      params: { episodeId: slot('page-ref', s.episodeUrl) },
      query: { kind: choice(), refresh: choice() },
    },
    'GET /api/images/episode/:episodeId/progress': {
      params: { episodeId: slot('page-ref', s.episodeUrl) },
      query: { kind: choice(), refresh: choice(), resume: choice() },
    },
    'GET /api/images/mode-preference': {},
    'PUT /api/images/mode-preference': { body: { image_mode: choice('fast', true) } },
    'GET /api/images/range/:start/:end': {
      params: { start: slot('upstream-id', 1), end: slot('upstream-id', 10) },
      query: { kind: choice('anime') },
    },
    'GET /api/images/sample': { query: { limit: count(500) } },
    'POST /api/images/record-episode-access': {
      query: {
        ...titles,
        show_id: text(2000),
        episode_id: slot('page-ref', s.episodeUrl, { required: true }),
      },
    },
    'POST /api/images/record-view': {
      body: {
        ...titles,
        episode_id: slot('page-ref', s.episodeUrl, { required: true }),
        image_ids: slot('id-list', [s.imageId], { max: 5000 }),
        image_count: choice('exact'),
      },
    },
    'GET /api/images/local-library': {
      query: { page: count(1_000_000), limit: count(200), sort_by: choice('date_desc') },
    },
    'GET /api/images/local-library-categorized': {
      query: { page: count(1_000_000), limit: count(100) },
    },
    'GET /api/images/local-library/category/:category/episode/:episode': {
      params: { category: slot('category', 'uncategorized'), episode: slot('episode-key', 'all') },
      query: { page: count(1_000_000), limit: count(10_000) },
    },
    'GET /api/images/search-based-library': {},
    'GET /api/images/search-based-library/episodes': {},
    'DELETE /api/images/search-based-library/episode/:id': {
      params: { id: slot('row-id', s.historyId) },
    },
    'GET /api/images/:file': {
      params: { file: slot('image-file', `${s.imageId}.jpg`) },
      query: { size: choice('thumb'), kind: choice('anime'), cdn: choice() },
    },
    'GET /api/images/cache-stats': {},
    // The alternatives of the two clearing calls are left out of the valid request: each
    // malformed request adds one, so no valid one can clear anything.
    'DELETE /api/images/cache': {
      query: {
        episode_id: slot('page-ref'),
        work_id: slot('site-url'),
        pattern: text(300),
        clear_all: choice(),
      },
    },
    'GET /api/images/cache/files': {
      query: { episode_id: slot('page-ref', s.episodeUrl, { required: true }) },
    },
    'DELETE /api/images/cache/files': {
      query: { episode_id: slot('page-ref'), clear_all: choice() },
    },
    'GET /api/images/cdn-status': {},
    'POST /api/images/cdn-switch': { query: { use_small_cdn: choice('true', true) } },
    'POST /api/download': {
      body: {
        image_urls: slot('image-urls', [s.ownImageUrl], { required: true, min: 1, max: 5000 }),
        filename_prefix: text(300, 'hardening'),
      },
    },
    'POST /api/download/work': {
      body: {
        work_url: slot('site-url', s.workUrl, { required: true }),
        kind: choice(),
        episode_ids: slot('id-list', undefined, { max: 5000 }),
        size: choice('thumb', true),
        skip_near_duplicates: slot('flag'),
        near_duplicate_threshold: slot('bounded-int', undefined, { min: 0, max: 64 }),
        metadata: slot('flag'),
      },
    },
    'POST /api/download/near-duplicates': {
      body: {
        kind: choice('anime', true),
        image_ids: slot('id-list', [s.imageId], { required: true, max: 5000 }),
        threshold: slot('bounded-int', 6, { min: 0, max: 64 }),
      },
    },
    'GET /api/download': {},
    // Only finished tasks go; the fixture's is finished, so the valid request is never sent bare.
    'DELETE /api/download': {},
    'DELETE /api/download/:id': { params: { id: slot('download-id', s.downloadId) } },
    'POST /api/download/:id/cancel': { params: { id: slot('download-id', s.downloadId) } },
    'POST /api/download/:id/retry': { params: { id: slot('download-id', s.downloadId) } },
    'GET /api/download/:id/status': { params: { id: slot('download-id', s.downloadId) } },
    'GET /api/download/:id/file': { params: { id: slot('download-id', s.downloadId) } },
    'GET /api/favorites': {},
    'POST /api/favorites/work': {
      body: {
        title: text(500, 'Non Non Biyori', true),
        work_type: text(50, 'Anime'),
        original_url: slot(
          'site-url',
          `https://fancaps.net/anime/showimages.php?${KEY_IDS.longShow}`,
        ),
      },
    },
    'POST /api/favorites/episode': {
      body: {
        title: text(500, 'Episode 1', true),
        work_title: text(500),
        work_id: slot('upstream-id-input'),
        episode_url: slot('page-ref', s.episodeUrl, { required: true }),
        preview_images: slot('image-urls', [], { max: 4 }),
      },
    },
    'POST /api/favorites/image': {
      body: {
        image_id: slot('image-id', s.imageId + 1, { required: true }),
        kind: choice('anime'),
        work_title: text(500),
        work_id: slot('upstream-id-input'),
        episode_title: text(500),
        episode_id: slot('upstream-id-input'),
        small_url: slot('image-url'),
        large_url: slot('image-url'),
      },
    },
    'DELETE /api/favorites/work/:id': favoriteDelete(s.favoriteIds.work),
    'DELETE /api/favorites/episode/:id': favoriteDelete(s.favoriteIds.episode),
    'DELETE /api/favorites/image/:id': favoriteDelete(s.favoriteIds.image),
    'GET /api/favorites/status': {
      query: {
        item_type: choice('image', true),
        item_id: text(2000, String(s.imageId), true),
        kind: choice(),
      },
    },
    'GET /api/favorites/stats': {},
    'GET /api/favorites/export': {},
    'POST /api/favorites/batch/delete': {
      body: {
        work_ids: slot('id-list', [s.favoriteIds.work], { max: 20_000 }),
        episode_ids: slot('id-list', [s.favoriteIds.episode], { max: 20_000 }),
        image_ids: slot('id-list', [s.favoriteIds.image], { max: 20_000 }),
      },
    },
    'GET /api/admin/site-health': {},
    'PUT /api/admin/site-health/clearance': {
      body: {
        cookie: text(4096, 'cf_clearance=pasted-in-the-matrix', true),
        user_agent: text(1024, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0', true),
      },
    },
    'DELETE /api/admin/site-health/clearance': {},
    'POST /api/admin/site-health/verify': {},
    'POST /api/favorites/import': {
      body: {
        version: slot('choice', 1, { required: true }),
        works: slot('record-list', [{ title: 'Imported' }], { required: true }),
        episodes: slot('record-list', [], { required: true }),
        images: slot('record-list', [], { required: true }),
      },
    },
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
    userId: 1,
    downloadId: UNUSED,
    workUrl: UNUSED,
    episodeUrl: UNUSED,
    imageId: 1,
    ownImageUrl: UNUSED,
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
