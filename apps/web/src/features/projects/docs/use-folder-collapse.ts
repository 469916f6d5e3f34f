import type { ProjectBundle } from '@plankurier/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { folderApi } from '../../../api/project-api';
import { queryKeys } from '../../../api/query-keys';
import { notifyError } from '../../../notifications/notify';
import { withCollapsed } from '../model/bundle-patches';

/**
 * Opening and closing folders: the list changes at once and the state is saved in the background.
 * A failed save is reported and the local state stays (spec §4 Folders, §8).
 */
export function useFolderCollapse(projectId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (changes: { _id: string; isCollapsed: boolean }[]) => {
      if (changes.length === 0) return;
      const key = queryKeys.project(projectId);
      const bundle = queryClient.getQueryData<ProjectBundle>(key);
      if (bundle) queryClient.setQueryData(key, withCollapsed(bundle, changes));
      const save =
        changes.length === 1
          ? folderApi.update(changes[0]!._id, { isCollapsed: changes[0]!.isCollapsed })
          : folderApi.collapseMany(changes);
      save.catch(notifyError);
    },
    [projectId, queryClient],
  );
}
