import type { RouteInputs } from '../route-slots';

/** The process's health check (public; all a ROLE=worker process serves). */
export function healthInputs(): Record<string, RouteInputs> {
  return { 'GET /api/health': {} };
}
