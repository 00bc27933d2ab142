import {
  PasteClearanceRequest,
  SiteHealthActionResponse,
  SiteHealthResponse,
} from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditLog } from '../audit';
import { currentUser } from '../auth/request-user';
import type { SiteHealthService } from './service';

/** The admin's site-health page: the source hosts' state and the site's clearance. */
export function siteHealthRoutes({
  siteHealth,
  audit,
}: {
  siteHealth: SiteHealthService;
  audit: AuditLog;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = { access: 'admin' as const };
    // Written in the clearance's own transaction: neither lands without the other.
    const audited =
      (action: 'clearance.paste' | 'clearance.clear', actorId: number) =>
      (trx: Parameters<AuditLog['recordIn']>[0]) =>
        audit.recordIn(trx, { actorId, source: 'web', action, target: 'source-site clearance' });

    app.get('/', { config: admin, schema: { response: { 200: SiteHealthResponse } } }, async () =>
      siteHealth.view(),
    );

    app.put(
      '/clearance',
      {
        config: admin,
        schema: { body: PasteClearanceRequest, response: { 200: SiteHealthActionResponse } },
      },
      async (request) =>
        siteHealth.paste(request.body, audited('clearance.paste', currentUser(request).id)),
    );

    app.delete(
      '/clearance',
      { config: admin, schema: { response: { 200: SiteHealthResponse } } },
      async (request) => siteHealth.clear(audited('clearance.clear', currentUser(request).id)),
    );

    app.post(
      '/verify',
      { config: admin, schema: { response: { 200: SiteHealthActionResponse } } },
      async () => siteHealth.verify(),
    );
  };
}
