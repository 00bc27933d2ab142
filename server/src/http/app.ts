import http from 'node:http';
import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { auditRoutes } from '../audit';
import { cacheAdminRoutes } from '../cache-admin';
import { adminUserRoutes } from '../auth/admin-routes';
import { authRoutes } from '../auth/routes';
import { tokenRoutes } from '../auth/token-routes';
import { imageListRoutes } from '../catalog/listing-routes';
import { modePreferenceRoutes } from '../catalog/mode-routes';
import { episodeRoutes, searchRoutes } from '../catalog/search-routes';
import { datasetReviewRoutes } from '../datasets/review-routes';
import { datasetDraftRoutes } from '../dataset-drafts';
import { downloadRoutes } from '../downloads/routes';
import { workDownloadRoutes } from '../downloads/work-routes';
import { favoriteRoutes } from '../favorites/routes';
import { feedAddressRoutes, feedRoutes } from '../follows/feed-routes';
import { followRoutes } from '../follows/routes';
import { sharePublicRoutes, shareRoutes } from '../shares';
import { healthRoutes } from '../health/routes';
import { notificationRoutes } from '../notifications/routes';
import { withImageFastPath } from '../images/fast-path';
import { cdnRoutes } from '../images/cdn-routes';
import { imageFileRoutes } from '../images/routes';
import { recentSearchRoutes } from '../library';
import { libraryRoutes } from '../library/routes';
import type { Services } from '../services';
import { siteHealthRoutes } from '../site-health/routes';
import { titleRoutes } from '../titles/routes';
import { capConnectionsPerAddress } from './connection-cap';
import { registerAccessControl } from './plugins/access';
import { registerActingUser } from './plugins/acting-user';
import { answerFrameworkError, registerErrorHandling } from './plugins/errors';
import { registerSecurityHeaders, securityHeaders } from './plugins/security';
import { registerWeb } from './plugins/web';

/** The HTTP surface: plugins, then each capability's route modules, then the page. */
export async function buildHttpApp(
  services: Services,
  options: { webRoot: string },
): Promise<FastifyInstance> {
  const { config, logger } = services;
  const headers = securityHeaders({ https: config.auth.cookieSecure });
  const logRequests = config.logLevel === 'debug' || config.logLevel === 'trace';
  // A worker process (ROLE=worker) runs the jobs and answers only health checks: no user reaches it.
  const workerOnly = config.role === 'worker';
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: !logRequests }),
    // Fastify's own HTTP/1 server, with repeat image views answered in front of it (unless every
    // request is to be logged, which only Fastify does).
    serverFactory: (handler, options) => {
      const requestTimeout = config.http.requestTimeoutMs;
      const server = http.createServer(
        {
          // The whole request (headers and body) must arrive in time, checked every second so a
          // slow client is cut off soon after; Node's own check runs only every 30 s.
          requestTimeout,
          headersTimeout: requestTimeout,
          connectionsCheckingInterval: Math.min(1000, requestTimeout),
        },
        logRequests || workerOnly
          ? handler
          : withImageFastPath(handler, {
              auth: services.auth,
              images: services.images,
              securityHeaders: Object.entries(headers).flat(),
            }),
      );
      // Fastify fills this in before calling the factory; its own server applies it the same way.
      server.keepAliveTimeout = (options as { keepAliveTimeout: number }).keepAliveTimeout;
      capConnectionsPerAddress(server, config.http.maxConnectionsPerAddress);
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
  registerActingUser(app);

  const modules = workerOnly ? [] : routeModules(services);
  for (const routes of [
    ...modules,
    healthRoutes({
      role: config.role,
      storage: config.storage.kind,
      sourceOrigin: new URL(config.upstream.baseUrl).origin,
    }),
  ])
    await app.register(routes);
  if (!workerOnly) await registerWeb(app, options.webRoot);
  return app;
}

/**
 * Each capability's route modules, each given only the services it uses (registered without a
 * prefix: their paths come whole from the contract).
 */
function routeModules(services: Services): FastifyPluginAsyncZod[] {
  const { auth, builders, catalog, cdn, cdnHealth, directory, downloads, favorites } = services;
  const { history, images, imageRecords: records, libraries, modes, prefetch } = services;
  const { cacheAdmin, config, siteHealth } = services;
  return [
    authRoutes({ auth, settings: config.auth }),
    tokenRoutes({ auth, tokens: auth.tokens }),
    adminUserRoutes({ userAdmin: services.userAdmin, auth }),
    searchRoutes({ catalog, builders, titles: services.titles }),
    episodeRoutes({ catalog, answers: services.episodeAnswers }),
    titleRoutes({ titles: services.titles }),
    imageListRoutes({ catalog, answers: services.listingAnswers, prefetch }),
    modePreferenceRoutes({ modes }),
    libraryRoutes({ libraries, history }),
    recentSearchRoutes({ recent: libraries.recent }),
    imageFileRoutes({ images, records, kindOfImage: (id) => directory.kindOfImage(id) }),
    cdnRoutes({ cdn, cdnHealth }),
    cacheAdminRoutes({ cacheAdmin }),
    downloadRoutes({ downloads }),
    workDownloadRoutes({ downloads, nearDuplicates: services.nearDuplicates }),
    datasetReviewRoutes({ review: services.datasetReview, tags: services.reviewTags }),
    datasetDraftRoutes({ drafts: services.datasetDrafts }),
    favoriteRoutes({ favorites }),
    followRoutes({ follows: services.follows }),
    shareRoutes({ shares: services.shares }),
    sharePublicRoutes({
      shares: services.shares,
      images,
      files: { storage: services.storage, logger: services.logger },
    }),
    feedAddressRoutes({ feed: services.feed }),
    feedRoutes({ feed: services.feed }),
    notificationRoutes({ notifications: services.notifications.service }),
    siteHealthRoutes({ siteHealth, audit: services.audit }),
    auditRoutes({ audit: services.audit }),
  ];
}

/** TRUST_PROXY as Fastify takes it (a hop count is the function Fastify itself makes of a number). */
function trustedProxies(
  setting: Services['config']['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}
