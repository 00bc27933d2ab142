export { SessionProvider } from './SessionProvider';
export { useSession } from './SessionContext';
export { RequireAuth, type LoginRedirectState } from './RequireAuth';
export {
  endRefusedSession,
  LEGACY_SEARCH_HISTORY_KEY,
  LOGOUT_EVENT,
  readToken,
  TOKEN_KEY,
  USER_KEY,
} from './storage';
