import { SOCKET_OPTIONS } from '@plankurier/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { queryKeys } from '../api/query-keys';
import { liveEvents } from './live-events';
import { sessionStore } from './session-store';
import {
  rolesChangedAfterUpdate,
  staleListsAfterUpdate,
  staleProjectAfterUpdate,
  staleTimelineAfterUpdate,
  unauthorizedEndsSession,
  userAfterUpdate,
} from './update-data';
import { useSession } from './use-session';

/** The live-update connection: open while signed in, re-authenticated for every new token. */
export function useLiveUpdates(): void {
  const { token } = useSession();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!token) return;
    // WebSocket first: one connection that a plain round-robin load balancer keeps on one server
    // process. Long-polling (its requests may land on any process) only where WebSockets are blocked;
    // that needs sticky sessions (README, "Running on several machines").
    const socket = io({ ...SOCKET_OPTIONS, transports: ['websocket', 'polling'], tryAllTransports: true });

    let retry: ReturnType<typeof setTimeout> | undefined;

    socket.on('connect', () => {
      socket.emit('authenticate', token);
    });
    socket.on('unauthorized', (data: unknown) => {
      if (unauthorizedEndsSession(data) && sessionStore.getState().token === token) sessionStore.signOut();
    });
    socket.on('disconnect', (reason) => {
      // The server drops the socket when it could not check the token (database away): try again later.
      if (reason === 'io server disconnect' && sessionStore.getState().token === token) {
        retry = setTimeout(() => socket.connect(), SOCKET_OPTIONS.reconnectionDelayMax);
      }
    });
    socket.on('authenticated', () => liveEvents.emit('authenticated', null));
    socket.on('contactImportInfo', (payload: unknown) => liveEvents.emit('contactImportInfo', payload));
    socket.on('deliveryProgress', (payload: unknown) => liveEvents.emit('deliveryProgress', payload));
    socket.on('updateData', (payload: unknown) => {
      liveEvents.emit('updateData', payload);
      const user = userAfterUpdate(sessionStore.getState().user, payload);
      if (user) sessionStore.setUser(user);
      for (const list of staleListsAfterUpdate(payload)) {
        void queryClient.invalidateQueries({ queryKey: queryKeys[list] });
      }
      const projectId = staleProjectAfterUpdate(payload);
      if (projectId) void queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId) });
      const timelineProjectId = staleTimelineAfterUpdate(payload);
      if (timelineProjectId) void queryClient.invalidateQueries({ queryKey: queryKeys.timeline(timelineProjectId) });
      if (rolesChangedAfterUpdate(payload)) void queryClient.invalidateQueries({ queryKey: queryKeys.allProjects });
    });

    return () => {
      clearTimeout(retry);
      socket.disconnect();
    };
  }, [token, queryClient]);
}
