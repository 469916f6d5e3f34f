import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { SOCKET_OPTIONS } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';
import { findSessionUserId } from '../auth/sessions.ts';

export interface Realtime {
  toUser: (userId: string, event: string, payload: unknown) => void;
  close: () => Promise<void>;
}

export const userRoom = (userId: string) => `user-${userId}`;

/**
 * socket.io on the HTTP server. A client proves who it is with the 'authenticate' event and then
 * joins its user room; the Postgres adapter carries emits to sockets on every server process.
 */
export function attachRealtime(httpServer: HttpServer, deps: { db: Db; pool: pg.Pool; log: FastifyBaseLogger }): Realtime {
  const io = new Server(httpServer, {
    serveClient: false,
    connectTimeout: SOCKET_OPTIONS.timeout,
    cors: { origin: false },
  });
  io.adapter(createAdapter(deps.pool, { errorHandler: (err) => deps.log.warn({ err: err.message }, 'socket adapter error') }));

  io.on('connection', (socket) => {
    socket.on('authenticate', async (token: unknown) => {
      try {
        const userId = typeof token === 'string' ? await findSessionUserId(deps.db, token) : undefined;
        if (!userId) {
          socket.emit('unauthorized', { type: 'invalid_token' });
          socket.disconnect(true);
          return;
        }
        await socket.join(userRoom(userId));
        socket.emit('authenticated');
      } catch (err) {
        deps.log.warn({ err: (err as Error).message }, 'socket authentication failed');
        socket.emit('unauthorized', { type: 'unavailable' });
        socket.disconnect(true);
      }
    });
  });

  return {
    toUser: (userId, event, payload) => {
      io.to(userRoom(userId)).emit(event, payload);
    },
    close: () => new Promise<void>((resolve) => void io.close(() => resolve())),
  };
}
