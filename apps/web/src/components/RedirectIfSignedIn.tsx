import { Navigate, Outlet, useLocation } from 'react-router';
import { postAuthTarget } from '../features/auth/post-auth-target';
import { useIsSignedIn } from '../session/use-session';

/**
 * Sign-in and sign-up pages are for signed-out visitors. Once signed in (also right after
 * submitting) the user moves on to the remembered page or the project list.
 */
export function RedirectIfSignedIn() {
  const signedIn = useIsSignedIn();
  const location = useLocation();
  if (signedIn) return <Navigate to={postAuthTarget(location.state)} replace />;
  return <Outlet />;
}
