import { count, slot, type RouteInputs } from '../route-slots';

/** The admin's audit log, a page at a time. */
export function auditInputs(): Record<string, RouteInputs> {
  return {
    'GET /api/admin/audit': { query: { before: slot('row-id'), limit: count(200) } },
  };
}
