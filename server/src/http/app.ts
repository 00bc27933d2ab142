import http from 'node:http';
import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { adminUserRoutes } from '../auth/admin-routes';
import { authRoutes } from '../auth/routes';
import { imageListRoutes } from '../catalog/listing-routes';
import { searchRoutes } from '../catalog/search-routes';
import { downloadRoutes } from '../downloads/routes';
import { favoriteRoutes } from '../favorites/routes';
import { withImageFastPath } from '../images/fast-path';
import { cacheAdminRoutes } from '../images/cache-admin-routes';
import { imageFileRoutes } from '../images/routes';
import { libraryRoutes } from '../library/routes';
import type { Services } from '../services';
import { siteHealthRoutes } from '../site-health/routes';
import { registerAccessControl } from './plugins/access';
import { answerFrameworkError, registerErrorHandling } from './plugins/errors';
import { registerSecurityHeaders, securityHeaders } from './plugins/security';
import { registerWeb } from './plugins/web';

/**
 * The HTTP surface: plugins, then each capability's route modules under /api (each given only the
 * services it uses), then the page.
 */
export async function buildHttpApp(
  services: Services,
  options: { webRoot: string },
): Promise<FastifyInstance> {
  const { config, logger } = services;
  const headers = securityHeaders({ https: config.auth.cookieSecure });
  const logRequests = config.logLevel === 'debug' || config.logLevel === 'trace';
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: !logRequests }),
    // Fastify's own HTTP/1 server, with repeat image views answered in front of it (unless every
    // request is to be logged, which only Fastify does).
    serverFactory: (handler, options) => {
      const server = http.createServer(
        logRequests
          ? handler
          : withImageFastPath(handler, {
              auth: services.auth,
              images: services.images,
              securityHeaders: Object.entries(headers).flat(),
            }),
      );
      // Fastify fills these in before calling the factory; its own server applies them the same way.
      const timeouts = options as {
        keepAliveTimeout: number;
        requestTimeout: number;
        connectionTimeout: number;
      };
      server.keepAliveTimeout = timeouts.keepAliveTimeout;
      server.requestTimeout = timeouts.requestTimeout;
      server.setTimeout(timeouts.connectionTimeout);
      return server;
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustedProxies(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
    // The router's own errors skip every hook, the security headers' included.
    frameworkErrors: (error, request, reply) =>
      answerFrameworkError(error, request, reply.headers(headers)),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, services.mapDomainError);

  registerSecurityHeaders(app, headers);
  await app.register(fastifyCookie);
  registerAccessControl(app, services.auth);

  const { auth, builders, catalog, cdn, cdnHealth, directory, downloads, favorites } = services;
  const { history, images, imageRecords: records, libraries, modes, prefetch } = services;
  const { cacheAdmin, siteHealth } = services;
  const routeModules: [FastifyPluginAsyncZod, string][] = [
    [authRoutes({ auth, settings: config.auth }), '/api/auth'],
    [adminUserRoutes({ userAdmin: services.userAdmin }), '/api/admin/users'],
    [searchRoutes({ cacheAdmin, catalog, directory, builders }), '/api'],
    [imageListRoutes({ catalog, cdn, modes, prefetch, records }), '/api/images'],
    [libraryRoutes({ libraries, history }), '/api/images'],
    [
      imageFileRoutes({ cacheAdmin, catalog, cdn, cdnHealth, directory, images, records }),
      '/api/images',
    ],
    [cacheAdminRoutes({ cacheAdmin }), '/api/admin/cache'],
    [downloadRoutes({ downloads, images }), '/api/download'],
    [favoriteRoutes({ favorites }), '/api/favorites'],
    [siteHealthRoutes({ siteHealth }), '/api/admin/site-health'],
  ];
  for (const [routes, prefix] of routeModules) await app.register(routes, { prefix });
  await registerWeb(app, options.webRoot);
  return app;
}

/** TRUST_PROXY as Fastify takes it (a hop count is the function Fastify itself makes of a number). */
function trustedProxies(
  setting: Services['config']['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}
