import { MutationCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

/** A stale edit (409 common.conflict) means what is on screen is old: everything shown is read again. */
export const refetchAfterConflict = (client: QueryClient, error: unknown) => {
  if (isApiError(error) && error.msgCode === 'common.conflict') void client.invalidateQueries();
};

export const queryClient: QueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failureCount, error) =>
        failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
    },
    mutations: { retry: false },
  },
  mutationCache: new MutationCache({ onError: (error) => refetchAfterConflict(queryClient, error) }),
});
