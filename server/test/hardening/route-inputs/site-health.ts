import { text, type RouteInputs } from '../route-slots';

/** The admin's view of the source site's health and its pasted clearance. */
export function siteHealthInputs(): Record<string, RouteInputs> {
  return {
    'GET /api/admin/site-health': {},
    'PUT /api/admin/site-health/clearance': {
      body: {
        cookie: text(4096, 'cf_clearance=pasted-in-the-matrix', true),
        user_agent: text(1024, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0', true),
      },
    },
    'DELETE /api/admin/site-health/clearance': {},
    'POST /api/admin/site-health/verify': {},
  };
}
