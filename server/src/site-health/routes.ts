import {
  PasteClearanceRequest,
  SiteHealthActionResponse,
  SiteHealthResponse,
} from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditLog } from '../audit';
import { currentUser } from '../http/plugins/access';
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
    // The clearance row is the upstream gate's to write; its audit row follows the change.
    const record = (action: 'clearance.paste' | 'clearance.clear', actorId: number) =>
      audit.record({ actorId, source: 'web', action, target: 'source-site clearance' });

    app.get('/', { config: admin, schema: { response: { 200: SiteHealthResponse } } }, async () =>
      siteHealth.view(),
    );

    app.put(
      '/clearance',
      {
        config: admin,
        schema: { body: PasteClearanceRequest, response: { 200: SiteHealthActionResponse } },
      },
      async (request) => {
        const answer = await siteHealth.paste(request.body);
        await record('clearance.paste', currentUser(request).id);
        return answer;
      },
    );

    app.delete(
      '/clearance',
      { config: admin, schema: { response: { 200: SiteHealthResponse } } },
      async (request) => {
        const answer = await siteHealth.clear();
        await record('clearance.clear', currentUser(request).id);
        return answer;
      },
    );

    app.post(
      '/verify',
      { config: admin, schema: { response: { 200: SiteHealthActionResponse } } },
      async () => siteHealth.verify(),
    );
  };
}
