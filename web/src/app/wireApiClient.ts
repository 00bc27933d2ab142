import { configureApiClient } from '../api';
import { endRefusedSession, readToken } from '../features/auth';
import { operationLog } from '../features/logger';

/** Hands the API client the session's token, its end on a 401, and the operation log. */
export function wireApiClient(): void {
  configureApiClient({
    readToken,
    onUnauthorized: endRefusedSession,
    logCall: (call) => operationLog.api(call),
  });
}
