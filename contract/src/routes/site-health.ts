import { route } from '../route';
import {
  PasteClearanceRequest,
  SiteHealthActionResponse,
  SiteHealthResponse,
} from '../site-health';

/** The admin's site-health page: the source hosts' state and the site's clearance. */
export const siteHealthRoutes = {
  view: route({
    method: 'GET',
    path: '/api/admin/site-health',
    responses: { 200: SiteHealthResponse },
  }),
  pasteClearance: route({
    method: 'PUT',
    path: '/api/admin/site-health/clearance',
    body: PasteClearanceRequest,
    responses: { 200: SiteHealthActionResponse },
  }),
  clearClearance: route({
    method: 'DELETE',
    path: '/api/admin/site-health/clearance',
    responses: { 200: SiteHealthResponse },
  }),
  verify: route({
    method: 'POST',
    path: '/api/admin/site-health/verify',
    responses: { 200: SiteHealthActionResponse },
  }),
};
