import { MutationCache, QueryClient } from '@tanstack/react-query';
import { isActedMeanwhile, isApiError } from './api-error';

/**
 * A refusal because a colleague acted in the meantime (a stale edit, a release, a running send)
 * means what is on screen is old: everything shown is read again.
 */
export const refetchAfterConflict = (client: QueryClient, error: unknown) => {
  if (isActedMeanwhile(error)) void client.invalidateQueries();
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
