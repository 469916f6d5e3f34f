import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';
import { sessionApi } from './session-api';

/** The person's signed-in devices, read when the tab opens. */
export const useSessions = () => useQuery({ queryKey: queryKeys.sessions, queryFn: sessionApi.list });

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sessionApi.end,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}

/** 'Überall sonst abmelden': the answer is the list that is left (this session alone). */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sessionApi.endOthers,
    onSuccess: (sessions) => queryClient.setQueryData(queryKeys.sessions, sessions),
  });
}
