import { HealthResponse } from '../health';
import { route } from '../route';

/** Whether the process is up: public, and the one route a worker process (ROLE=worker) serves. */
export const healthRoutes = {
  check: route({ method: 'GET', path: '/api/health', responses: { 200: HealthResponse } }),
};
