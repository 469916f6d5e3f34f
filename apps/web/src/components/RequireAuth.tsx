import { PATHS } from '@plankurier/shared';
import { Navigate, Outlet, useLocation } from 'react-router';
import { authRedirectState } from '../features/auth/post-auth-target';
import { useSession } from '../session/use-session';
import { PageLoader } from './PageLoader';

/**
 * Login-required routes: signed-out users go to sign-in, which remembers where they wanted to go;
 * right after their own sign-out they go to the landing page.
 */
export function RequireAuth() {
  const { token, user, endedByUser } = useSession();
  const location = useLocation();
  if (!token && endedByUser) return <Navigate to={PATHS.landing} replace />;
  if (!token)
    return <Navigate to={PATHS.signin} replace state={authRedirectState(location.pathname, location.search)} />;
  if (!user) return <PageLoader />;
  return <Outlet />;
}
