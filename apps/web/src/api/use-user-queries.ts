import { useQuery } from '@tanstack/react-query';
import { notifySuccess } from '../notifications/notify';
import { sessionStore } from '../session/session-store';
import { useSession } from '../session/use-session';
import { isApiError } from './api-error';
import { queryKeys } from './query-keys';
import { userApi } from './user-api';

/** Refreshes the stored profile from GET /user whenever a token is present. */
export function useUserRefresh(): void {
  const { token } = useSession();
  useQuery({
    queryKey: queryKeys.user(token),
    queryFn: async () => {
      const user = await userApi.getUser();
      sessionStore.setUser(user);
      return user;
    },
    enabled: token !== null,
    staleTime: 60_000,
  });
}

/**
 * POST /user/validate once per code, before the page shows. A query (not a mutation) so that a
 * re-render or React's development double effects never send the one-time code twice.
 */
export const useUserValidation = (validationCode: string) =>
  useQuery({
    queryKey: queryKeys.userValidation(validationCode),
    queryFn: async () => {
      let already = false;
      try {
        await userApi.validate(validationCode);
      } catch (err) {
        if (!(isApiError(err) && err.msgCode === 'auth.already_validated')) throw err;
        already = true;
      }
      if (sessionStore.getState().token) {
        // The code may belong to another account than the signed-in one: ask rather than assume.
        const user = await userApi.getUser().catch(() => null);
        if (user) sessionStore.setUser(user);
        if (!already) notifySuccess('message_user_validated');
      }
      return { already };
    },
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });
