import { PATHS } from '@plankurier/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { userApi } from '../api/user-api';
import { confirmLeaving } from '../router/leave-guard';
import { sessionStore } from './session-store';

/**
 * Sign-out: a page holding unsaved work (deliver mode) asks first; then drop the session, go to the
 * landing page, and revoke the token on the server. Login pages that are still on screen send a
 * user who signed out to the landing page as well.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    if (!(await confirmLeaving())) return;
    const { token } = sessionStore.getState();
    sessionStore.signOut({ byUser: true });
    void navigate(PATHS.landing, { replace: true });
    if (token) await userApi.signOut(token).catch(() => undefined);
  }, [navigate]);
}
