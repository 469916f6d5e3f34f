import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { sql } from 'kysely';
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
export function attachRealtime(
  httpServer: HttpServer,
  deps: { db: Db; databaseUrl: string; log: FastifyBaseLogger },
): Realtime {
  const adapterPool = createAdapterPool(deps.databaseUrl, deps.log);
  const listening = adapterListening(adapterPool, deps.db);
  const io = new Server(httpServer, {
    serveClient: false,
    connectTimeout: SOCKET_OPTIONS.timeout,
    cors: { origin: false },
  });
  io.adapter(
    createAdapter(adapterPool, { errorHandler: (err) => deps.log.warn({ err: err.message }, 'socket adapter error') }),
  );

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
    close: async () => {
      // Closing while the adapter is still connecting would strand its client in the pool.
      await listening;
      await new Promise<void>((resolve) => void io.close(() => resolve()));
      await adapterPool.end();
    },
  };
}

/** Resolves once the adapter's LISTEN client is connected and idle (or after a few seconds). */
function adapterListening(pool: pg.Pool, db: Db): Promise<void> {
  return new Promise<void>((resolve) => {
    const deadline = Date.now() + 5000;
    pool.once('acquire', (client: pg.PoolClient & { processID?: number }) => {
      const check = async () => {
        const row = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where pid = ${client.processID ?? -1} and state = 'idle' and query like 'LISTEN %'`
          .execute(db)
          .catch(() => undefined);
        if ((row?.rows[0]?.n ?? 0) > 0 || Date.now() > deadline) setImmediate(resolve);
        else setTimeout(() => void check(), 20);
      };
      void check();
    });
    setTimeout(resolve, 5000).unref();
  });
}

/**
 * The adapter holds one LISTEN client and, when the database restarts, drops it without giving it
 * back; releasing it here on 'end' keeps the pool's count right so it can reconnect and shut down.
 */
function createAdapterPool(connectionString: string, log: FastifyBaseLogger) {
  const pool = new pg.Pool({ connectionString, max: 3, connectionTimeoutMillis: 3000 });
  pool.on('error', (err) => log.warn({ err: err.message }, 'socket adapter database client failed'));
  pool.on('connect', (client) => {
    client.on('error', (err) => log.warn({ err: err.message }, 'socket adapter database client failed'));
    client.once('end', () => {
      const checkedOut = client as pg.PoolClient;
      if (typeof checkedOut.release === 'function') {
        try {
          checkedOut.release(true);
        } catch {
          // already released by the pool itself
        }
      }
    });
  });
  return pool;
}
