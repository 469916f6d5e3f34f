import { useQuery } from '@tanstack/react-query';
import { projectApi } from './project-api';
import { queryKeys } from './query-keys';

export const useProject = (projectId: string) =>
  useQuery({
    queryKey: queryKeys.project(projectId),
    queryFn: async () => {
      await projectApi.exists(projectId);
      return null;
    },
    retry: false,
  });
