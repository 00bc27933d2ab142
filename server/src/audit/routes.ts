import { AuditPage, AuditPageQuery } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditLog } from './service';

/** The admin's audit log, newest first, a page at a time. */
export function auditRoutes({ audit }: { audit: AuditLog }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/',
      {
        config: { access: 'admin' },
        schema: { querystring: AuditPageQuery, response: { 200: AuditPage } },
      },
      async (request) => audit.page(request.query),
    );
  };
}
