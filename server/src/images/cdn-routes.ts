import { CdnStatus, CdnSwitchQuery } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/request-user';
import type { CdnPreferences } from './cdn';
import type { CdnHealth } from './cdn-health';

/** Each user's CDN preference (compressed copies for the large size) and the hosts' health. */
export function cdnRoutes({
  cdn,
  cdnHealth,
}: {
  cdn: CdnPreferences;
  cdnHealth: CdnHealth;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/cdn-status', { schema: { response: { 200: CdnStatus } } }, async (request) =>
      cdnHealth.status(currentUser(request).id),
    );

    app.post(
      '/cdn-switch',
      { schema: { querystring: CdnSwitchQuery, response: { 200: CdnStatus } } },
      async (request) => {
        const userId = currentUser(request).id;
        await cdn.setSmallCdn(userId, request.query.use_small_cdn);
        return cdnHealth.status(userId);
      },
    );
  };
}
