import type { AuditLog } from '../audit';
import type { Infrastructure } from '../infrastructure';
import { ensureAdmin } from './bootstrap';
import { AuthService } from './service';
import { UserAdmin } from './user-admin';

/** Accounts and sessions: the first admin made when there is none, the expiry sweeps started. */
export async function createAuth(infra: Infrastructure, audit: AuditLog) {
  const { db, config, mailer, background, logger } = infra;
  const auth = new AuthService(db, config, mailer, background, audit);
  await ensureAdmin(auth.users, config, logger);
  auth.startSweeps();
  return { auth, userAdmin: new UserAdmin(auth.users, auth.sessions, audit, auth.tokens) };
}
