import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { useSession } from './SessionContext';

/** Where the login page returns to, carried in the router's location state. */
export interface LoginRedirectState {
  from?: string;
}

/** Guards protected routes: spinner while checking, else /login remembering path + query. */
export function RequireAuth() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <Spinner label="正在验证登录状态..." />;
  if (status === 'unauthenticated') {
    const state: LoginRedirectState = { from: location.pathname + location.search };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
