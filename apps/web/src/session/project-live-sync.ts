import {
  applySlice,
  withSubKeys,
  type BundleSlice,
  type ProjectBundle,
  type ProjectChangeEvent,
  type ProjectChangesResponse,
} from '@plankurier/shared';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys';
import { refreshInTurn } from './refresh-in-turn';

/** Events kept per project for a load still on its way (it applies those after its number). */
const KEPT_EVENTS = 500;

export interface ProjectLiveSync {
  /** A numbered change of a project from the live connection. */
  receive: (event: ProjectChangeEvent) => void;
  /** A full load just read: the changes that arrived after its number, applied. */
  settle: (bundle: ProjectBundle) => ProjectBundle;
  /** Reads what changed since the cached number (after an own change, a reconnect); one read at a time. */
  catchUp: (projectId: string) => Promise<void>;
  /**
   * An own change of the project is on its way: its events wait until it is answered (`settled`),
   * so the screen that asked (a form that the change replaces) hears the answer first.
   */
  ownChange: (projectId: string) => { settled: () => Promise<void> };
}

/** A change's rows on top of the bundle, its subscriptions named by key as the web's bundle names them. */
const applyKeyed = (bundle: ProjectBundle, slice: BundleSlice) => applySlice(bundle, withSubKeys(slice));

/** A numbered project change with its rows, as the server announces it since issue 15. */
export function isProjectChangeEvent(payload: unknown): payload is ProjectChangeEvent {
  if (!payload || typeof payload !== 'object') return false;
  const event = payload as Partial<ProjectChangeEvent>;
  return typeof event.projectId === 'string' && typeof event.seq === 'number' && event.slice !== undefined;
}

/**
 * Keeps cached project bundles current from live changes without reading the project again: each
 * numbered change applies its rows on top of the cached bundle (applySlice). A gap in the numbers
 * (a lost event, a reconnect) reads only what changed since (GET /project/:id/changes); the whole
 * project is read again only when that is too old or a change was too wide for rows.
 */
export function projectLiveSync(
  queryClient: QueryClient,
  changesSince: (projectId: string, since: number) => Promise<ProjectChangesResponse>,
): ProjectLiveSync {
  const events = new Map<string, ProjectChangeEvent[]>();
  const catchingUp = new Map<string, Promise<void>>();
  const ownChanges = new Map<string, number>();
  const reload = refreshInTurn(queryClient);
  const cached = (projectId: string) => queryClient.getQueryData<ProjectBundle>(queryKeys.project(projectId));

  /** The bundle with the kept events after its number applied, as far as they follow without a gap. */
  function advanced(bundle: ProjectBundle): { bundle: ProjectBundle; gap: boolean; tooWide: number | null } {
    let next = bundle;
    const pending = (events.get(bundle.project._id) ?? [])
      .filter((e) => e.seq > bundle.changeSeq)
      .sort((a, b) => a.seq - b.seq);
    for (const event of pending) {
      if (event.seq !== next.changeSeq + 1) return { bundle: next, gap: true, tooWide: null };
      if (!event.slice) return { bundle: next, gap: false, tooWide: event.seq };
      next = { ...applyKeyed(next, event.slice), changeSeq: event.seq };
    }
    return { bundle: next, gap: false, tooWide: null };
  }

  /**
   * One read of the whole project per change too wide for rows (a load begun after it holds it);
   * asked again with the next event, as an own change may have cancelled the read in flight.
   */
  const reloadedFor = new Map<string, number>();
  function reloadFor(projectId: string, seq: number) {
    if ((reloadedFor.get(projectId) ?? 0) >= seq) return;
    reloadedFor.set(projectId, seq);
    void reload(queryKeys.project(projectId));
  }

  function advance(projectId: string) {
    const bundle = cached(projectId);
    if (!bundle) return;
    const { bundle: next, gap, tooWide } = advanced(bundle);
    if (next !== bundle) queryClient.setQueryData(queryKeys.project(projectId), next);
    if (tooWide !== null) reloadFor(projectId, tooWide);
    else if (gap) void catchUp(projectId);
  }

  function catchUp(projectId: string): Promise<void> {
    const running = catchingUp.get(projectId);
    if (running) return running;
    // Nothing cached yet: the load on its way applies what arrives (settle).
    if (!cached(projectId)) return Promise.resolve();
    // Events that arrive meanwhile wait, and apply once it is through, however it ends.
    const done = readChanges(projectId).finally(() => {
      catchingUp.delete(projectId);
      advance(projectId);
    });
    catchingUp.set(projectId, done);
    return done;
  }

  async function readChanges(projectId: string): Promise<void> {
    try {
      const { seq, slice } = await changesSince(projectId, cached(projectId)!.changeSeq);
      const now = cached(projectId);
      if (!now || now.changeSeq >= seq) return;
      if (!slice) return await reload(queryKeys.project(projectId));
      queryClient.setQueryData(queryKeys.project(projectId), {
        ...applyKeyed(now, slice),
        changeSeq: seq,
      });
    } catch {
      await reload(queryKeys.project(projectId));
    }
  }

  // A load that lands in the cache (after settle ran) may have missed events that arrived meanwhile.
  queryClient.getQueryCache().subscribe((cacheEvent) => {
    if (cacheEvent.type !== 'updated' || cacheEvent.action.type !== 'success' || cacheEvent.action.manual) return;
    const [root, projectId] = cacheEvent.query.queryKey;
    if (root === 'project' && typeof projectId === 'string' && cacheEvent.query.queryKey.length === 2) {
      if (!catchingUp.has(projectId) && !ownChanges.has(projectId)) advance(projectId);
    }
  });

  return {
    receive(event) {
      reloadedFor.delete(event.projectId);
      const kept = events.get(event.projectId) ?? [];
      kept.push(event);
      if (kept.length > KEPT_EVENTS) kept.splice(0, kept.length - KEPT_EVENTS);
      events.set(event.projectId, kept);
      // What hangs below the project's key (a participant's shipments) is read again; the bundle is not.
      const key = queryKeys.project(event.projectId);
      void queryClient.invalidateQueries({
        predicate: (query) =>
          query.queryKey.length > key.length && query.queryKey[0] === key[0] && query.queryKey[1] === key[1],
      });
      if (catchingUp.has(event.projectId) || ownChanges.has(event.projectId)) return;
      advance(event.projectId);
    },
    ownChange(projectId) {
      ownChanges.set(projectId, (ownChanges.get(projectId) ?? 0) + 1);
      let done = false;
      return {
        settled: () => {
          if (!done) {
            done = true;
            const left = ownChanges.get(projectId)! - 1;
            if (left > 0) ownChanges.set(projectId, left);
            else ownChanges.delete(projectId);
          }
          return catchUp(projectId);
        },
      };
    },
    settle(bundle) {
      const { bundle: next, gap, tooWide } = advanced(bundle);
      if (gap || tooWide !== null) {
        // Once the load is in the cache: catch up from its number.
        setTimeout(() => void catchUp(bundle.project._id), 0);
      }
      return next;
    },
    catchUp,
  };
}

const syncs = new WeakMap<QueryClient, ProjectLiveSync>();

/** The sync of a query client (one per app; tests make their own clients). */
export function liveSyncOf(
  queryClient: QueryClient,
  changesSince: (projectId: string, since: number) => Promise<ProjectChangesResponse>,
): ProjectLiveSync {
  let sync = syncs.get(queryClient);
  if (!sync) {
    sync = projectLiveSync(queryClient, changesSince);
    syncs.set(queryClient, sync);
  }
  return sync;
}
