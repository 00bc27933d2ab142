import { api, type ServerRole } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../routing';

const open = { config: { access: 'public' as const } };

/**
 * `GET /api/health`: answers while the process serves, with its role, for a load balancer's or an
 * orchestrator's checks. It reads nothing: a database outage shows in the routes that need it.
 */
export function healthRoutes({
  role,
  storage,
}: {
  role: ServerRole;
  storage: 'local' | 's3';
}): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, api.health.check, open, async () => ({ status: 'ok' as const, role, storage }));
  };
}
