export { AuditLog, type AuditRecord } from './service';
export { auditRoutes } from './routes';
