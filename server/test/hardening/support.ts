import { ErrorBody, type DownloadStatus } from '@capshelf/contract';
import { KEY_IDS, episodeById } from '@capshelf/replica';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { RouteAccess } from '../../src/http/plugins/access';
import { startBrowseApp, type BrowseApp } from '../support/browse';

/** The public routes as docs/api.md and shared/spec/api.md list them; every other route needs a session. */
export const DOCUMENTED_PUBLIC_ROUTES = [
  'POST /api/auth/login',
  'GET /api/auth/status',
  'POST /api/auth/reset-password',
  'POST /api/auth/reset-password/confirm',
  'GET /api/images/cache-stats',
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
  | 'record-list';

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
  downloadId: string;
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
    'GET /api/download': {},
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

/** The table's keys, known before any app exists (test names are fixed when the file loads). */
export const EXPECTED_ROUTE_KEYS = Object.keys(
  routeInputs({
    favoriteIds: { work: 1, episode: 1, image: 1 },
    historyId: 1,
    downloadId: 'placeholder',
    episodeUrl: 'placeholder',
    imageId: 1,
    ownImageUrl: 'placeholder',
  }),
).sort();

/** The entry of one route; a route without one fails the test that asks. */
export function inputsOf(table: Record<string, RouteInputs>, route: RouteAccess): RouteInputs {
  const inputs = table[routeKey(route)];
  if (!inputs) throw new Error(`no expectation entry for ${routeKey(route)}`);
  return inputs;
}

const validEntries = (slots: Record<string, Slot> = {}) =>
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

// ---------------------------------------------------------------------------------------------
// Malformed values.

/** Off-site, private, userinfo, scheme and traversal forms: refused wherever a site URL goes. */
export function hostileUrls(probeOrigin: string): string[] {
  const episodePath = '/anime/episodeimages.php?10435-Non_Non_Biyori/Episode_1';
  const probe = new URL(probeOrigin);
  return [
    `${probeOrigin}${episodePath}`,
    `http://127.0.0.1:1${episodePath}`,
    `http://localhost:${probe.port}${episodePath}`,
    `http://[::1]:${probe.port}${episodePath}`,
    `http://2130706433:${probe.port}${episodePath}`,
    `http://10.0.0.1${episodePath}`,
    `http://192.168.1.1/file/fancaps-animeimages/1.jpg`,
    'http://169.254.169.254/latest/meta-data/',
    `http://169.254.169.254${episodePath}`,
    `https://evil.example.com${episodePath}`,
    `https://fancaps.net.evil.com${episodePath}`,
    `https://evilfancaps.net${episodePath}`,
    `https://fancaps.net@evil.com${episodePath}`,
    `https://fancaps.net:443@127.0.0.1:${probe.port}${episodePath}`,
    `https://user:pass@fancaps.net${episodePath}`,
    `https://fancaps.net:8443${episodePath}`,
    `//evil.com${episodePath}`,
    `\\\\evil.com${episodePath}`,
    `https:\\\\evil.com${episodePath}`,
    `/\\evil.com${episodePath}`,
    `https://fancaps.net/anime/..%2f..%2fadmin`,
    `https://fancaps.net/anime/%2e%2e%2fepisodeimages.php?1-a`,
    `https://fancaps.net/anime/episodeimages.php?1-a%2f..%2f..%2fadmin`,
    `https://fancaps.net/anime/../../etc/passwd`,
    `..%2f..%2f..%2fetc%2fpasswd`,
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '1%2f..%2f2',
    '1\\..\\2',
    'ftp://fancaps.net/anime/episodeimages.php?1-a',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    `gopher://127.0.0.1:${probe.port}/_GET`,
    `ws://fancaps.net${episodePath}`,
  ];
}

const HUGE = 'x'.repeat(100_000);
/** Path segments inserted as they are: traversal and broken encodings. */
const RAW_PATH_SEGMENTS = [
  '..',
  '.',
  '%2e%2e%2f',
  '%2e%2e',
  '..%2f..%2f',
  '%2f',
  '%5c',
  '%00',
  '%',
  '%zz',
  '%E0%A4%A',
  '',
];

const letters = (options: { minLength?: number; maxLength?: number } = {}) =>
  fc.string({ unit: 'grapheme', maxLength: 40, ...options });
/** Never a number, an enum value, a boolean word or a site URL: it starts with `x`. */
const junkText = letters().map((s) => `x${s}`);
const overLong = (max: number) =>
  fc.oneof(
    fc.nat({ max: 50 }).map((extra) => 'y'.repeat(max + 1 + extra)),
    fc.constant(HUGE),
  );

function numberGarbage(max: number): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      '0',
      '-1',
      '1.5',
      '1e400',
      'NaN',
      'Infinity',
      '-Infinity',
      '99999999999999999999',
      String(max + 1),
      '١٢٣',
      '１２',
      '0x',
      '..',
      '../1',
    ),
    fc.integer({ min: -1e12, max: 0 }).map(String),
    fc.bigInt({ min: BigInt(max) + 1n, max: 10n ** 30n }).map(String),
    junkText,
  );
}

/** A string the slot must refuse. */
function stringGarbage(slot: Slot, hostile: string[]): fc.Arbitrary<string> {
  const urls = fc.constantFrom(...hostile);
  switch (slot.kind) {
    case 'row-id':
      return numberGarbage(2_147_483_647);
    case 'upstream-id':
    case 'image-id':
      return numberGarbage(999_999_999_999);
    case 'count':
      return numberGarbage(slot.max ?? 1);
    case 'image-file':
      return fc.oneof(
        numberGarbage(999_999_999_999).map((n) => `${n}.jpg`),
        fc.constantFrom(
          '1.png',
          '1.jpg.jpg',
          '1',
          '.jpg',
          '1.JPG',
          '01.jpg',
          '1.jpg%00',
          '..%2f1.jpg',
        ),
        junkText,
      );
    case 'download-id':
      return fc.oneof(
        fc.constantFrom('short', 'a'.repeat(65), '../../../etc/passwd', 'a-b-c-d-e/..'),
        letters({ minLength: 1 }).map((s) => `${s}/!`),
      );
    case 'category':
    case 'episode-key':
      return fc.oneof(
        fc.constantFrom(
          'anime:0',
          'movie:-1',
          'evil:1',
          'anime:1:2',
          'ALL',
          'Uncategorized',
          '../all',
        ),
        junkText,
      );
    case 'page-ref':
    case 'upstream-id-input':
      return fc.oneof(urls, junkText, overLong(2000));
    case 'site-url':
    case 'image-url':
    case 'image-urls':
      return fc.oneof(urls, overLong(2000));
    case 'choice':
      return fc.oneof(junkText, fc.constant(''));
    case 'email':
      return fc.oneof(
        letters().map((s) => `x${s.replace(/@/g, '')}`),
        overLong(254),
      );
    case 'password':
      return fc.oneof(fc.constantFrom('', 'short', 'alllowercase1', 'NODIGITSx'), overLong(256));
    case 'text':
      return overLong(slot.max ?? 0);
    case 'id-list':
    case 'record-list':
      return junkText;
  }
}

/** A JSON value no body field of the contract accepts. */
const wrongType = fc.oneof(
  fc.boolean(),
  fc.record({ nested: fc.jsonValue({ maxDepth: 2 }) }),
  fc.array(fc.record({ a: fc.integer() }), { minLength: 1, maxLength: 3 }),
  fc.constant(deepObject(2_000)),
);

/** A body value the slot must refuse: wrong types for every slot, and slot-specific ones. */
function bodyGarbage(slot: Slot, hostile: string[]): fc.Arbitrary<unknown> {
  const strings = stringGarbage(slot, hostile);
  switch (slot.kind) {
    case 'image-urls':
      return fc.oneof(
        wrongType,
        fc.array(fc.constantFrom(...hostile), { minLength: 1, maxLength: 3 }),
        fc.constant(
          Array.from({ length: (slot.max ?? 0) + 1 }, (_, i) => `/api/images/${i + 1}.jpg`),
        ),
        ...(slot.min ? [fc.constant([])] : []),
      );
    case 'id-list':
      return fc.oneof(
        wrongType,
        strings,
        fc.array(fc.constantFrom(0, -1, 1.5, 2_147_483_648 * 10_000_000, '1', 'x', null), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.constant(Array.from({ length: (slot.max ?? 0) + 1 }, () => 1)),
      );
    case 'record-list':
      return fc.oneof(
        wrongType,
        strings,
        fc.array(fc.record({ title: fc.integer() }), { minLength: 1 }),
      );
    case 'upstream-id-input':
    case 'image-id':
      return fc.oneof(wrongType, strings, fc.constantFrom(0, -1, 1.5, 1e13));
    default:
      return fc.oneof(
        wrongType,
        strings,
        fc.integer().filter((n) => n !== slot.valid),
      );
  }
}

function deepObject(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

export interface BadRequest {
  what: string;
  method: 'GET';
  url: string;
  payload?: string;
  headers: Record<string, string>;
}

const notJson = (text: string) => {
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
};
const UNSUPPORTED_TYPES = [
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/jsonx',
];

/**
 * Malformed requests for one route, signed in: each changes ONE input of a valid request (a path
 * param, a query field, or the body) into something the route must refuse with a 4xx.
 */
export function badRequests(
  route: RouteAccess,
  inputs: RouteInputs,
  headers: Record<string, string>,
  hostile: string[],
): fc.Arbitrary<BadRequest> {
  const method = route.method as 'GET';
  const make = (
    what: string,
    overrides: Parameters<typeof buildUrl>[2],
    body?: { payload: string; type: string },
  ): BadRequest => ({
    what,
    method,
    url: buildUrl(route, inputs, overrides),
    ...(body ? { payload: body.payload } : {}),
    headers: { ...headers, ...(body ? { 'content-type': body.type } : {}) },
  });
  const json = (value: unknown) => ({ payload: JSON.stringify(value), type: 'application/json' });
  const validJson = () => {
    const body = validBody(inputs);
    return body ? json(body) : undefined;
  };
  const kinds: fc.Arbitrary<BadRequest>[] = [
    // A path one segment longer than the route's names no route.
    fc
      .oneof(junkText.map(encodeURIComponent), fc.constantFrom('%2f', '%00', 'x%2f..', '%5c'))
      .map((segment) => {
        const [path, query] = buildUrl(route, inputs).split('?');
        const request = make(`extra segment ${segment}`, {}, validJson());
        return { ...request, url: `${path}/${segment}${query ? `?${query}` : ''}` };
      }),
  ];

  for (const [name, s] of Object.entries(inputs.params ?? {})) {
    kinds.push(
      fc
        .oneof(
          stringGarbage(s, hostile).map(encodeURIComponent),
          fc.constantFrom(...RAW_PATH_SEGMENTS),
        )
        .map((value) => make(`param ${name}=${value}`, { params: { [name]: value } }, validJson())),
    );
  }

  const validQuery = validEntries(inputs.query).map(
    ([name, s]) => [name, String(s.valid)] as [string, string],
  );
  for (const [name, s] of Object.entries(inputs.query ?? {})) {
    const others = validQuery.filter(([other]) => other !== name);
    kinds.push(
      stringGarbage(s, hostile).map((value) =>
        make(
          `query ${name}=${value.slice(0, 80)}`,
          { query: [...others, [name, value]] },
          validJson(),
        ),
      ),
    );
    // A repeated field arrives as an array, which no query schema takes.
    const repeated = String(s.valid ?? 'true');
    kinds.push(
      fc.constant(
        make(
          `query ${name} twice`,
          { query: [...others, [name, repeated], [name, repeated]] },
          validJson(),
        ),
      ),
    );
  }

  if (method !== 'GET') {
    // Bodies the parser refuses before any handler runs, for every route that could take one.
    kinds.push(
      fc
        .oneof(
          fc.constantFrom(
            '{',
            '{"a":',
            "{'a':1}",
            'undefined',
            '[1,]',
            '{"__proto__":{"role":"admin"}}',
            '{"constructor":{"prototype":{"role":"admin"}}}',
          ),
          letters({ minLength: 1 }).filter(notJson),
        )
        .map((payload) => make('body not JSON', {}, { payload, type: 'application/json' })),
      fc
        .tuple(fc.constantFrom(...UNSUPPORTED_TYPES), letters())
        .map(([type, payload]) => make(`body as ${type}`, {}, { payload, type })),
      fc.constant(make('body over the limit', {}, json({ filler: 'z'.repeat(1_100_000) }))),
    );
  }

  if (inputs.body) {
    const valid = validBody(inputs)!;
    const fields = Object.entries(inputs.body);
    kinds.push(
      fc
        .oneof(
          fc.integer(),
          fc.string(),
          fc.boolean(),
          fc.constant(null),
          fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
        )
        .map((value) => make('body not an object', {}, json(value))),
      fc.oneof(
        ...fields.map(([name, s]) =>
          fc
            .tuple(
              bodyGarbage(s, hostile),
              fc.dictionary(junkText, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
            )
            .map(([value, extra]) =>
              make(`body ${name} wrong`, {}, json({ ...extra, ...valid, [name]: value })),
            ),
        ),
      ),
      fc.constantFrom(...fields.map(([name]) => name)).map((name) => {
        // `{...valid, [name]: {"a":{"a":…}}}`, written by hand: JSON.stringify would overflow the stack.
        const rest = JSON.stringify({ ...valid, [name]: undefined }).slice(0, -1);
        const payload = `${rest}${rest.length > 1 ? ',' : ''}"${name}":${deepJson(100_000)}}`;
        return make(`body ${name} deeply nested`, {}, { payload, type: 'application/json' });
      }),
      fc.constant(
        make(
          'body deeply nested array',
          {},
          { payload: deepArrayJson(100_000), type: 'application/json' },
        ),
      ),
      fc
        .tuple(fc.constantFrom('text/plain', 'text/plain; charset=utf-8'), letters())
        .map(([type, payload]) => make('body as text', {}, { payload, type })),
    );
    const required = fields.filter(([, s]) => s.required).map(([name]) => name);
    if (required.length > 0) {
      kinds.push(
        fc.constantFrom(...required).map((name) => {
          const rest = { ...valid };
          delete rest[name];
          return make(`body without ${name}`, {}, json(rest));
        }),
      );
    }
  }
  return fc.oneof(...kinds);
}

function deepArrayJson(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}
function deepJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

// ---------------------------------------------------------------------------------------------
// Answers and stored data.

/** An error answer in the contract shape: `{detail: string | object, code: string}`. */
export function expectContractError(res: LightMyRequestResponse, status?: number) {
  if (status !== undefined) expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body: unknown = res.json();
  expect(ErrorBody.safeParse(body).success, res.body).toBe(true);
  expect(typeof (body as { code?: unknown }).code, res.body).toBe('string');
}

const TABLES = [
  'users',
  'sessions',
  'password_resets',
  'login_failures',
  'listings',
  'works',
  'episodes',
  'image_index',
  'cached_images',
  'user_settings',
  'history',
  'downloads',
  'favorite_works',
  'favorite_episodes',
  'favorite_images',
] as const;
/** Tables whose every row is compared, not only counted. */
const COMPARED = [
  'users',
  'user_settings',
  'history',
  'favorite_works',
  'favorite_episodes',
  'favorite_images',
] as const;

/** Row counts of every table and the rows of the per-user ones, to compare before and after. */
export async function snapshotData(t: BrowseApp) {
  const db = t.services.db.kysely;
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  const rows: Record<string, unknown[]> = {};
  for (const table of COMPARED) {
    const all = (await db.selectFrom(table).selectAll().execute()).map((row) =>
      JSON.stringify(row),
    );
    rows[table] = all.sort();
  }
  return { counts, rows };
}

// ---------------------------------------------------------------------------------------------
// The fixture: the app on a replica, a signed-in user owning one record of every kind.

export interface HardeningApp {
  t: BrowseApp;
  samples: Samples;
  table: Record<string, RouteInputs>;
  routes: RouteAccess[];
}

export async function waitForDownload(t: BrowseApp, id: string, headers = t.headers) {
  for (let i = 0; i < 200; i++) {
    const res = await t.app.inject({ method: 'GET', url: `/api/download/${id}/status`, headers });
    const status = res.json<DownloadStatus>();
    if (status.status === 'completed' || status.status === 'failed') return status;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('download did not finish');
}

export async function startHardeningApp(): Promise<HardeningApp> {
  const t = await startBrowseApp();
  const api = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, payload, headers: t.headers });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    const json = String(res.headers['content-type']).startsWith('application/json');
    return json ? res.json<Record<string, unknown>>() : {};
  };
  const episodeId = KEY_IDS.bigEpisode;
  const imageId = episodeById(episodeId)!.imageIds[0]!;
  const episodeUrl = `${t.replica.pageOrigin}/anime/episodeimages.php?${episodeId}`;
  const ownImageUrl = `/api/images/${imageId}.jpg?kind=anime&size=thumb`;

  await api('GET', `/api/images/episode/${encodeURIComponent(episodeUrl)}/fast`);
  await api('GET', ownImageUrl);
  await api('POST', '/api/images/record-view', { episode_id: episodeUrl, image_ids: [imageId] });
  const work = await api('POST', '/api/favorites/work', {
    title: 'Non Non Biyori',
    original_url: `https://fancaps.net/anime/showimages.php?${KEY_IDS.longShow}`,
  });
  const episode = await api('POST', '/api/favorites/episode', {
    title: 'Episode 1',
    episode_url: episodeUrl,
  });
  const image = await api('POST', '/api/favorites/image', { image_id: imageId, kind: 'anime' });
  const download = await api('POST', '/api/download', {
    image_urls: [ownImageUrl],
    filename_prefix: 'seed',
  });
  const downloadId = String(download.download_id);
  await waitForDownload(t, downloadId);
  const history = await t.services.db.kysely
    .selectFrom('history')
    .select('id')
    .executeTakeFirstOrThrow();

  const samples: Samples = {
    favoriteIds: { work: Number(work.id), episode: Number(episode.id), image: Number(image.id) },
    historyId: history.id,
    downloadId,
    episodeUrl,
    imageId,
    ownImageUrl,
  };
  t.replica.resetCounts();
  return { t, samples, table: routeInputs(samples), routes: apiRoutes(t.app) };
}
