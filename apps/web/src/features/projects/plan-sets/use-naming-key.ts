import { DEFAULT_NAMING_KEY, type NamingKey } from '@plankurier/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { planSetApi } from '../../../api/plan-set-api';

const namingKeyQuery = (projectId: string) => ['naming-key', projectId] as const;

/** The project's naming key; until it is read, the common conventions. */
export function useNamingKey(projectId: string): { key: NamingKey; isLoading: boolean } {
  const query = useQuery({ queryKey: namingKeyQuery(projectId), queryFn: () => planSetApi.namingKey(projectId) });
  return { key: query.data ?? DEFAULT_NAMING_KEY, isLoading: query.isPending };
}

export function useSaveNamingKey(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: NamingKey) => planSetApi.saveNamingKey(projectId, key),
    onSuccess: (key) => queryClient.setQueryData(namingKeyQuery(projectId), key),
  });
}
