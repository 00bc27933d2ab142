import { api } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../routing';
import type { AuditLog } from './service';

/** The admin's audit log, newest first, a page at a time. */
export function auditRoutes({ audit }: { audit: AuditLog }): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, api.audit.page, { config: { access: 'admin' } }, async (request) =>
      audit.page(request.query),
    );
  };
}
