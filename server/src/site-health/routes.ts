import { api } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditLog } from '../audit';
import { currentUser } from '../auth/request-user';
import { serve } from '../routing';
import type { SiteHealthService } from './service';

const routes = api.siteHealth;
const admin = { config: { access: 'admin' as const } };

/** The admin's site-health page: the source hosts' state and the site's clearance. */
export function siteHealthRoutes({
  siteHealth,
  audit,
}: {
  siteHealth: SiteHealthService;
  audit: AuditLog;
}): FastifyPluginAsyncZod {
  return async (app) => {
    // Written in the clearance's own transaction: neither lands without the other.
    const audited =
      (action: 'clearance.paste' | 'clearance.clear', actorId: number) =>
      (trx: Parameters<AuditLog['recordIn']>[0]) =>
        audit.recordIn(trx, { actorId, source: 'web', action, target: 'source-site clearance' });

    serve(app, routes.view, admin, async () => siteHealth.view());

    serve(app, routes.pasteClearance, admin, async (request) =>
      siteHealth.paste(request.body, audited('clearance.paste', currentUser(request).id)),
    );

    serve(app, routes.clearClearance, admin, async (request) =>
      siteHealth.clear(audited('clearance.clear', currentUser(request).id)),
    );

    serve(app, routes.verify, admin, async () => siteHealth.verify());
  };
}
