import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('auth');
  if (status === 'loading') return <Spinner label={t('checking')} />;
  if (status === 'unauthenticated') {
    const state: LoginRedirectState = { from: location.pathname + location.search };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
