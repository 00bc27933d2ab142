import { AuditPage, AuditPageQuery } from '../audit';
import { route } from '../route';

/** The admin's audit log, newest first, a page at a time. */
export const auditRoutes = {
  page: route({
    method: 'GET',
    path: '/api/admin/audit',
    query: AuditPageQuery,
    responses: { 200: AuditPage },
  }),
};
