import { SOCKET_OPTIONS } from '@plankurier/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import { projectSyncOf } from '../api/project-sync';
import { queryKeys } from '../api/query-keys';
import { userApi } from '../api/user-api';
import { liveConnection, liveEvents } from './live-events';
import { isProjectChangeEvent } from './project-live-sync';
import { refreshInTurn } from './refresh-in-turn';
import { sessionStore } from './session-store';
import {
  profileStaleAfterUpdate,
  removedProjectAfterUpdate,
  rolesChangedAfterUpdate,
  staleListsAfterUpdate,
  staleProjectAfterUpdate,
  staleTimelineAfterUpdate,
  unauthorizedEndsSession,
  unauthorizedReason,
  userAfterUpdate,
} from './update-data';
import { useSession } from './use-session';

/**
 * The live-update connection: open while signed in, opened anew for every new token and every
 * office the session moves into (the server puts a socket into the rooms of one office).
 */
export function useLiveUpdates(): void {
  const { token, user } = useSession();
  const officeId = user?.officeId ?? null;
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!token) return;
    // WebSocket first: one connection that a plain round-robin load balancer keeps on one server
    // process. Long-polling (its requests may land on any process) only where WebSockets are blocked;
    // that needs sticky sessions (README, "Running on several machines").
    let retry: ReturnType<typeof setTimeout> | undefined;
    let socket: Socket | undefined;
    let closed = false;
    const current = () => sessionStore.getState().token === token;
    // A project's bundle and timeline are read again one read at a time, whatever the number of changes.
    const refresh = refreshInTurn(queryClient);
    // Numbered changes carry their rows: applied to the cached bundle, no read of the whole project.
    const projectSync = projectSyncOf(queryClient);
    // Read directly (not through the query cache, which a switch of offices empties).
    const refreshUser = () =>
      void userApi
        .getUser()
        .then((user) => {
          if (current()) sessionStore.setUser(user);
        })
        .catch(() => undefined);

    const listen = (socket: Socket) => {
      socket.on('connect', () => {
        socket.emit('authenticate', token);
      });
      socket.on('unauthorized', (data: unknown) => {
        // During a password change of this tab the old token ends first; the new one follows with the answer.
        if (unauthorizedEndsSession(data) && current() && !sessionStore.isTokenChanging()) {
          sessionStore.signOut({ reason: unauthorizedReason(data) });
        }
      });
      socket.on('disconnect', (reason) => {
        liveConnection.set(false);
        // The server drops the socket when it could not check the token (database away): try again later.
        if (reason === 'io server disconnect' && current()) {
          retry = setTimeout(() => socket.connect(), SOCKET_OPTIONS.reconnectionDelayMax);
        }
      });
      // The person's role changed: the socket joins the rooms of the new role, and what they may see is read again.
      socket.on('membershipChanged', () => {
        socket.emit('authenticate', token);
        refreshUser();
        void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'user' });
      });
      socket.on('authenticated', () => {
        liveConnection.set(true);
        liveEvents.emit('authenticated', null);
        // Events sent while the socket was away are lost: open projects read what changed since their number.
        for (const query of queryClient.getQueryCache().findAll({ queryKey: queryKeys.allProjects })) {
          const [, projectId] = query.queryKey;
          if (query.queryKey.length === 2 && typeof projectId === 'string') void projectSync.catchUp(projectId);
        }
      });
      socket.on('contactImportInfo', (payload: unknown) => liveEvents.emit('contactImportInfo', payload));
      socket.on('deliveryProgress', (payload: unknown) => liveEvents.emit('deliveryProgress', payload));
      socket.on('updateData', (payload: unknown) => {
        liveEvents.emit('updateData', payload);
        const user = userAfterUpdate(sessionStore.getState().user, payload);
        if (user) sessionStore.setUser(user);
        if (profileStaleAfterUpdate(payload)) refreshUser();
        for (const list of staleListsAfterUpdate(payload)) {
          void queryClient.invalidateQueries({ queryKey: queryKeys[list] });
        }
        const removedProjectId = removedProjectAfterUpdate(payload);
        if (removedProjectId) {
          // Off the team: nothing of the project stays cached (the open page has moved on already).
          queryClient.removeQueries({ queryKey: queryKeys.project(removedProjectId) });
          queryClient.removeQueries({ queryKey: queryKeys.timeline(removedProjectId) });
          return;
        }
        if (isProjectChangeEvent(payload)) projectSync.receive(payload);
        else {
          const projectId = staleProjectAfterUpdate(payload);
          if (projectId) void refresh(queryKeys.project(projectId));
        }
        const timelineProjectId = staleTimelineAfterUpdate(payload);
        if (timelineProjectId) void refresh(queryKeys.timeline(timelineProjectId));
        if (rolesChangedAfterUpdate(payload)) void queryClient.invalidateQueries({ queryKey: queryKeys.allProjects });
      });
    };
    // socket.io-client loads with the first signed-in page: the public pages do without it.
    void import('socket.io-client').then(({ io }) => {
      if (closed) return;
      socket = io({ ...SOCKET_OPTIONS, transports: ['websocket', 'polling'], tryAllTransports: true });
      listen(socket);
    });
    return () => {
      closed = true;
      liveConnection.set(false);
      clearTimeout(retry);
      socket?.disconnect();
    };
  }, [token, officeId, queryClient]);
}
