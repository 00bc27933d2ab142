import type { Route, RouteReply, RouteRequest } from '@capshelf/contract';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
} from 'fastify';

/** The request a handler of `R` receives: params, query and body as the contract's schemas left them. */
export type RequestOf<R extends Route> = FastifyRequest<{
  Params: RouteRequest<R>['params'];
  Querystring: RouteRequest<R>['query'];
  Body: RouteRequest<R>['body'];
}>;

export type HandlerOf<R extends Route> = (
  request: RequestOf<R>,
  reply: FastifyReply,
) => Promise<RouteReply<R> | FastifyReply>;

/** What the server adds to a contract route: who may call it, and a larger body where one is needed. */
export interface RouteSettings {
  config?: FastifyContextConfig;
  bodyLimit?: number;
}

/** Any Fastify instance (route modules get one typed for zod). */
type App = Pick<FastifyInstance, 'route'>;

/**
 * Registers the handler of one contract route: its method and path, and its schemas for the
 * validation of what comes in and the serialization of what goes out, all from the contract.
 */
export function serve<R extends Route>(app: App, route: R, handler: HandlerOf<R>): void;
export function serve<R extends Route>(
  app: App,
  route: R,
  settings: RouteSettings,
  handler: HandlerOf<R>,
): void;
export function serve<R extends Route>(
  app: App,
  route: R,
  ...args: [HandlerOf<R>] | [RouteSettings, HandlerOf<R>]
): void {
  const [settings, handler] = args.length === 1 ? [{}, args[0]] : args;
  app.route({
    method: route.method,
    url: route.path,
    schema: schemaOf(route),
    ...settings,
    handler: handler as unknown as RouteHandlerMethod,
  });
}

/** Fastify's schema of the route, with only the parts it has (an absent one must not be a key). */
function schemaOf(route: Route) {
  const parts = {
    params: route.params,
    querystring: route.query,
    body: route.body,
    response: route.responses,
  };
  return Object.fromEntries(Object.entries(parts).filter(([, schema]) => schema !== undefined));
}
