export { SessionProvider } from './SessionProvider';
export { useSession } from './SessionContext';
export { RequireAuth, type LoginRedirectState } from './RequireAuth';
export { endRefusedSession, LOGOUT_EVENT, readToken, TOKEN_KEY, USER_KEY } from './storage';
