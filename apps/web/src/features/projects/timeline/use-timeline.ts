import { TIMELINE_PAGE_SIZE, type TimelineEventDto, type TimelineEventType } from '@plankurier/shared';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { queryKeys } from '../../../api/query-keys';
import { timelineApi } from '../../../api/timeline-api';

/** The filter of the timeline: empty lists filter nothing. */
export interface TimelineFilter {
  participantIds: string[];
  docIds: string[];
  phaseIds: string[];
  /** People of the office who acted (uploaded, released, sent). */
  actorIds: string[];
}

export const NO_FILTER: TimelineFilter = { participantIds: [], docIds: [], phaseIds: [], actorIds: [] };

/** Whether any list of the filter narrows the events. */
export const isFiltered = (filter: TimelineFilter) =>
  filter.participantIds.length + filter.docIds.length + filter.phaseIds.length + filter.actorIds.length > 0;

/** Only the non-empty lists go to the server (an empty list would be ignored there too). */
export function filterParams(filter: TimelineFilter) {
  return {
    ...(filter.participantIds.length ? { participantIds: filter.participantIds } : {}),
    ...(filter.docIds.length ? { docIds: filter.docIds } : {}),
    ...(filter.phaseIds.length ? { phaseIds: filter.phaseIds } : {}),
    ...(filter.actorIds.length ? { actorIds: filter.actorIds } : {}),
  };
}

/** The pages loaded so far, as one list without duplicates (a new event between pages shifts skip). */
export function flattenPages(pages: readonly { events: TimelineEventDto[] }[]): TimelineEventDto[] {
  const seen = new Set<string>();
  const events: TimelineEventDto[] = [];
  for (const page of pages) {
    for (const event of page.events) {
      if (seen.has(event._id)) continue;
      seen.add(event._id);
      events.push(event);
    }
  }
  return events;
}

/** One tab of the timeline, 30 events a page; 'Weitere laden' asks for the next with skip = loaded count. */
export function useTimeline(projectId: string, eventType: TimelineEventType, filter: TimelineFilter) {
  const params = filterParams(filter);
  const query = useInfiniteQuery({
    queryKey: [...queryKeys.timeline(projectId), eventType, params] as const,
    queryFn: ({ pageParam }) =>
      timelineApi
        .list({ project: projectId, filterParams: params, eventType, limit: TIMELINE_PAGE_SIZE, skip: pageParam })
        .catch((error: unknown) => {
          console.error('timeline load failed', error);
          throw error;
        }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.hasMore ? pages.reduce((count, page) => count + page.events.length, 0) : undefined,
  });
  const events = useMemo(() => flattenPages(query.data?.pages ?? []), [query.data]);
  return { ...query, events, total: query.data?.pages.at(-1)?.total ?? 0 };
}

/** Leaving the timeline tab resets it: the loaded pages are dropped, the next visit starts at page one. */
export function useResetTimelineOnLeave(projectId: string) {
  const queryClient = useQueryClient();
  useEffect(
    () => () => {
      queryClient.removeQueries({ queryKey: queryKeys.timeline(projectId) });
    },
    [queryClient, projectId],
  );
}
