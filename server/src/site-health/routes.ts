import {
  PasteClearanceRequest,
  SiteHealthActionResponse,
  SiteHealthResponse,
} from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SiteHealthService } from './service';

/** The admin's site-health page: the source hosts' state and the site's clearance. */
export function siteHealthRoutes({
  siteHealth,
}: {
  siteHealth: SiteHealthService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = { access: 'admin' as const };

    app.get('/', { config: admin, schema: { response: { 200: SiteHealthResponse } } }, async () =>
      siteHealth.view(),
    );

    app.put(
      '/clearance',
      {
        config: admin,
        schema: { body: PasteClearanceRequest, response: { 200: SiteHealthActionResponse } },
      },
      async (request) => siteHealth.paste(request.body),
    );

    app.delete(
      '/clearance',
      { config: admin, schema: { response: { 200: SiteHealthResponse } } },
      async () => siteHealth.clear(),
    );

    app.post(
      '/verify',
      { config: admin, schema: { response: { 200: SiteHealthActionResponse } } },
      async () => siteHealth.verify(),
    );
  };
}
