import type { ArchiveDto } from '@plankurier/shared';
import { useEffect, useMemo, useState } from 'react';
import { liveEvents } from '../../../session/live-events';
import { archivesFromEvent, mergeArchiveProgress } from './live-archives';

/** The project's archives with the progress the server pushes while one is being written. */
export function useLiveArchives(projectId: string, listed: readonly ArchiveDto[]): ArchiveDto[] {
  const [ticks, setTicks] = useState<ReadonlyMap<string, ArchiveDto>>(new Map());
  useEffect(
    () =>
      liveEvents.on('updateData', (payload) => {
        const mine = archivesFromEvent(payload).filter((a) => a.project === projectId);
        if (mine.length === 0) return;
        setTicks((current) => {
          const next = new Map(current);
          for (const a of mine) next.set(a._id, a);
          return next;
        });
      }),
    [projectId],
  );
  return useMemo(() => mergeArchiveProgress(listed, ticks), [listed, ticks]);
}
