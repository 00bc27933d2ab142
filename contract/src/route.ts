import type { z } from 'zod';

// Each route of the API is described once, here in the contract: its method, its path and the
// schemas of what goes in and comes out. The server registers its handlers from these entries and
// the page calls through them, building the path and checking the answer with the same schemas.

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Route {
  method: Method;
  /** The whole path, `:name` for each parameter (`/api/favorites/work/:id`). */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * The JSON answers by status. A route without one answers nothing (204), or bytes, a file or a
   * feed that a link or an `<img>` reads.
   */
  responses?: Partial<Record<200 | 201 | 202, z.ZodType>>;
}

/** An entry of the route table, its literal types kept (`route({ method: 'GET', … })`). */
export const route = <const R extends Route>(entry: R): R => entry;

type Schema<R, K extends 'params' | 'query' | 'body'> =
  R extends Record<K, infer S extends z.ZodType> ? S : undefined;

type Inputs<R extends Route> = {
  [K in 'params' | 'query' | 'body' as Schema<R, K> extends z.ZodType ? K : never]: z.input<
    NonNullable<Schema<R, K>>
  >;
};

/** A query whose every field may be left out may itself be left out (never a body: see `call`). */
type OptionalQuery<R extends Route> =
  Schema<R, 'query'> extends z.ZodType
    ? object extends z.input<NonNullable<Schema<R, 'query'>>>
      ? 'query'
      : never
    : never;

/** What a caller sends: `z.input` of each schema the route has. */
export type RouteInput<R extends Route> = Omit<Inputs<R>, OptionalQuery<R>> &
  Partial<Pick<Inputs<R>, OptionalQuery<R> & keyof Inputs<R>>>;

/** What a handler receives: `z.output` of each schema, as the server's validation leaves it. */
export type RouteRequest<R extends Route> = {
  [K in 'params' | 'query' | 'body']: Schema<R, K> extends z.ZodType
    ? z.output<NonNullable<Schema<R, K>>>
    : undefined;
};

/** The route's JSON answer as the page reads it (any of its statuses); nothing for a 204. */
export type RouteAnswer<R extends Route> =
  R['responses'] extends Record<number, z.ZodType>
    ? z.output<NonNullable<R['responses'][keyof R['responses']]>>
    : void;

/** The answer a handler gives (what the server's serializer takes). */
export type RouteReply<R extends Route> =
  R['responses'] extends Record<number, z.ZodType>
    ? z.input<NonNullable<R['responses'][keyof R['responses']]>>
    : unknown;

type QueryValue = string | number | boolean | undefined | null;

/**
 * The route's path with its parameters filled in (each encoded) and its query appended, without
 * the keys whose value is undefined: `/api/favorites/image/12?x=1`.
 */
export function pathOf(
  route: Pick<Route, 'path'>,
  params: Record<string, string | number> = {},
  query: Record<string, QueryValue | readonly QueryValue[]> = {},
): string {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const one of [value].flat())
      if (one !== undefined && one !== null) search.append(key, String(one));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
