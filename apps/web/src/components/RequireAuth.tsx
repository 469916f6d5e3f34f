import { PATHS } from '@plankurier/shared';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { authRedirectState } from '../features/auth/post-auth-target';
import { navLocation } from '../features/navigation/nav-location';
import { useSession } from '../session/use-session';
import { PageLoader } from './PageLoader';

const NoOfficePage = lazy(() =>
  import('../features/office/NoOfficePage').then((module) => ({ default: module.NoOfficePage })),
);

/**
 * Login-required routes: signed-out users go to sign-in, which remembers where they wanted to go;
 * right after their own sign-out they go to the landing page. A person who belongs to no office
 * sees the page that lets them found one, except in their own account settings.
 */
export function RequireAuth() {
  const { token, user, ended } = useSession();
  const location = useLocation();
  if (!token && ended?.reason === 'user') return <Navigate to={PATHS.landing} replace />;
  // Removed from an office or left it: the page they were on belongs to that office.
  if (!token && (ended?.reason === 'removed' || ended?.reason === 'left'))
    return <Navigate to={PATHS.signin} replace />;
  if (!token)
    return <Navigate to={PATHS.signin} replace state={authRedirectState(location.pathname, location.search)} />;
  if (!user) return <PageLoader />;
  if (user.officeId === null && navLocation(location.pathname) !== 'account')
    return (
      <Suspense fallback={<PageLoader />}>
        <NoOfficePage />
      </Suspense>
    );
  return <Outlet />;
}
