import { PATHS } from '@plankurier/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { userApi } from '../api/user-api';
import { sessionStore } from './session-store';

/**
 * Sign-out: drop the session, go to the landing page, then revoke the token on the server. Login
 * pages that are still on screen send a user who signed out to the landing page as well.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const { token } = sessionStore.getState();
    sessionStore.signOut({ byUser: true });
    void navigate(PATHS.landing, { replace: true });
    if (token) await userApi.signOut(token).catch(() => undefined);
  }, [navigate]);
}
