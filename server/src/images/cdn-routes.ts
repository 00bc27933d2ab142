import { api } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/request-user';
import { serve } from '../routing';
import type { CdnPreferences } from './cdn';
import type { CdnHealth } from './cdn-health';

const routes = api.images.cdn;

/** Each user's CDN preference (compressed copies for the large size) and the hosts' health. */
export function cdnRoutes({
  cdn,
  cdnHealth,
}: {
  cdn: CdnPreferences;
  cdnHealth: CdnHealth;
}): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, routes.status, async (request) => cdnHealth.status(currentUser(request).id));

    serve(app, routes.switch, async (request) => {
      const userId = currentUser(request).id;
      await cdn.setSmallCdn(userId, request.query.use_small_cdn);
      return cdnHealth.status(userId);
    });
  };
}
