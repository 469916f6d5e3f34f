import { PATHS } from '@plankurier/shared';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { notifyInfo } from '../../notifications/notify';
import { liveEvents } from '../../session/live-events';
import { removedProjectAfterUpdate } from '../../session/update-data';

/** Taken off the team of the open project: back to the project list, saying why. */
export function useRemovalFromProject(projectId: string, label: string) {
  const navigate = useNavigate();
  useEffect(
    () =>
      liveEvents.on('updateData', (payload) => {
        if (removedProjectAfterUpdate(payload) !== projectId) return;
        notifyInfo('team.removedFromProject', { project: label });
        void navigate(PATHS.projects, { replace: true });
      }),
    [projectId, label, navigate],
  );
}
