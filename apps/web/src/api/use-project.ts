import type { ProjectBundle, ProjectDto, ProjectListResponse } from '@plankurier/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { liveConnection } from '../session/live-events';
import { shareBundle } from './bundle-sharing';
import { projectApi } from './project-api';
import { projectSyncOf } from './project-sync';
import { RECENT_PROJECTS_PARAMS, withOpenedProject, type ProjectListParams } from './project-list-query';
import { queryKeys } from './query-keys';

/** The project list page (20 per page) and the dashboard's recent projects share one cache prefix. */
export const useProjectList = (params: ProjectListParams) =>
  useQuery({
    queryKey: [...queryKeys.projects, params] as const,
    queryFn: () => projectApi.list(params),
    placeholderData: keepPreviousData,
  });

const recentProjectsKey = [...queryKeys.projects, RECENT_PROJECTS_PARAMS] as const;

/** The three projects opened last, newest first (dashboard 'Aktuell'); also tells whether the app needs an update. */
export const useRecentProjects = (enabled = true) =>
  useQuery({
    queryKey: recentProjectsKey,
    queryFn: () => projectApi.list(RECENT_PROJECTS_PARAMS),
    enabled,
    retry: false,
  });

/**
 * GET /project/:id marked the project as opened: 'Aktuell' shows it at once rather than when its
 * cached list goes stale. A list still on its way may have been read before the mark: it is asked again.
 */
function showAsOpened(queryClient: QueryClient, project: ProjectDto) {
  if (queryClient.getQueryState(recentProjectsKey)?.fetchStatus === 'fetching') {
    void queryClient.invalidateQueries({ queryKey: recentProjectsKey, exact: true });
  } else {
    queryClient.setQueryData<ProjectListResponse>(recentProjectsKey, (recent) =>
      recent ? withOpenedProject(recent, project) : recent,
    );
  }
}

/**
 * The whole loads of a project: in which navigation (the history entry's key, as the router keeps
 * it) and when. The opening's own load may come before the project screen mounts: the frame's
 * headline asked first, or the visit's start did (signed-in-start). Live changes update the cache
 * too, so this is kept apart from the query's own times.
 */
const wholeLoads = new Map<string, { navigation: string; at: number }>();
const OPENED_JUST_NOW_MS = 30_000;
const navigationKey = () => (window.history.state as { key?: string } | null)?.key ?? '';
const loadedInThisOpening = (projectId: string) => {
  const load = wholeLoads.get(projectId);
  return load !== undefined && load.navigation === navigationKey() && Date.now() - load.at < OPENED_JUST_NOW_MS;
};

/**
 * A project is read again when the window gets the focus back only while no live connection keeps
 * it current: with one, that read was the whole project (megabytes for a big one) in every open
 * session of the office each time someone came back to the tab.
 */
export const refetchProjectOnFocus = () => !liveConnection.isConnected();

/**
 * Nor when the network is back, once the live socket was signed in on this page: it signs in again
 * by itself and then reads only what changed while it was away (use-live-updates.ts); a blip of the
 * office's network made every open session read the whole project besides. A page whose socket
 * never got through (a proxy without WebSockets) reads it again as before.
 */
export const refetchProjectOnReconnect = () => !liveConnection.hasBeenConnected();

/**
 * Everything of one project in one answer (GET /project/:id). `opening`: the project screen loads it
 * afresh each time it opens, even from the cache, because that load is what marks it as opened —
 * unless this opening read it already.
 */
export function useProjectBundle(projectId: string | undefined, { opening = false } = {}) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.project(projectId ?? ''),
    queryFn: async () => {
      const navigation = navigationKey();
      const bundle = await projectApi.bundle(projectId!);
      wholeLoads.set(projectId!, { navigation, at: Date.now() });
      showAsOpened(queryClient, bundle.project);
      // Changes announced while it was read apply on top.
      return projectSyncOf(queryClient).settle(bundle);
    },
    enabled: Boolean(projectId),
    structuralSharing: shareBundle,
    refetchOnWindowFocus: refetchProjectOnFocus,
    refetchOnReconnect: refetchProjectOnReconnect,
    refetchOnMount: opening ? () => (loadedInThisOpening(projectId ?? '') ? true : 'always') : true,
    retry: (failureCount, error) =>
      failureCount < 2 && !('status' in error && (error as { status: number }).status < 500),
  });
}

export const useCreateProject = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: projectApi.create,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
  });
};

/**
 * A change inside one project: once settled, the rows it changed are read (GET …/changes) and applied
 * to the cached bundle, as live changes do for other sessions. `optimistic` patches the cached bundle at once; a failure restores it.
 */
export function useProjectMutation<V, R = unknown>(
  projectId: string,
  mutationFn: (variables: V) => Promise<R>,
  optimistic?: (bundle: ProjectBundle, variables: V) => ProjectBundle,
) {
  const queryClient = useQueryClient();
  const key = queryKeys.project(projectId);
  const sync = projectSyncOf(queryClient);
  return useMutation({
    mutationFn,
    onMutate: async (variables: V) => {
      const own = sync.ownChange(projectId);
      if (!optimistic) return { previous: undefined, own };
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ProjectBundle>(key);
      if (previous) queryClient.setQueryData(key, optimistic(previous, variables));
      return { previous, own };
    },
    onError: (_err, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    // The change's rows, read since the cached number: no whole-project read after an own change.
    onSettled: (_data, _err, _variables, context) => (context ? context.own.settled() : sync.catchUp(projectId)),
  });
}
