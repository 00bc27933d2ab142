import { api, type ServerRole } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../routing';

const open = { config: { access: 'public' as const } };

/**
 * `GET /api/health`: answers while the process serves, with its role, for a load balancer's or an
 * orchestrator's checks, and the source site's origin for the page's /open. It reads nothing: a
 * database outage shows in the routes that need it.
 */
export function healthRoutes({
  role,
  storage,
  sourceOrigin,
}: {
  role: ServerRole;
  storage: 'local' | 's3';
  sourceOrigin: string;
}): FastifyPluginAsyncZod {
  const answer = { status: 'ok' as const, role, storage, source_origin: sourceOrigin };
  return async (app) => {
    serve(app, api.health.check, open, async () => answer);
  };
}
