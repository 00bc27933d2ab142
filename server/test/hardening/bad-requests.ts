// Malformed requests for every route, generated with fast-check from the route table.
import fc from 'fast-check';
import type { RouteAccess } from '../../src/auth/request-user';
import { bodyGarbage, junkText, letters, RAW_PATH_SEGMENTS, stringGarbage } from './bad-values';
import { buildUrl, validBody, validEntries, type RouteInputs } from './routes';

export { hostileUrls } from './bad-values';

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
    // An empty or `.` last segment names the parent route (`DELETE /download/` and, dot segments
    // removed as RFC 3986 says, `DELETE /download/.` clear finished tasks): a different request,
    // not a malformed one of this route.
    const namesParent = (value: string) =>
      (value === '' || value === '.') && route.url.endsWith(`:${name}`);
    kinds.push(
      fc
        .oneof(
          stringGarbage(s, hostile).map(encodeURIComponent),
          fc.constantFrom(...RAW_PATH_SEGMENTS),
        )
        .filter((value) => !namesParent(value))
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
