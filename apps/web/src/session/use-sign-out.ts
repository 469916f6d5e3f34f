import { PATHS } from '@plankurier/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { userApi } from '../api/user-api';
import { sessionStore } from './session-store';

/** Sign-out: leave for the landing page, drop the session, then revoke the token on the server. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const { token } = sessionStore.getState();
    await navigate(PATHS.landing);
    sessionStore.signOut();
    if (token) await userApi.signOut(token).catch(() => undefined);
  }, [navigate]);
}
