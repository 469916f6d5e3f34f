import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { SOCKET_OPTIONS, seesAllProjects } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';
import { findSession, type SessionRow } from '../auth/sessions.ts';

export interface Realtime {
  /** The person's sessions in every office (their own profile changed). */
  toPerson: (userId: string, event: string, payload: unknown) => void;
  /** Every session working in the office (contacts, roles, templates, subscription). */
  toOffice: (officeId: string, event: string, payload: unknown) => void;
  /** One person's sessions in one office (their prints, their import). */
  toMember: (officeId: string, userId: string, event: string, payload: unknown) => void;
  /** The sessions that may see the project: the office's owners and admins, and its members on it. */
  toProject: (officeId: string, projectId: string, event: string, payload: unknown) => void;
  /** A member was added to or removed from a project: their open sessions follow at once. */
  joinProject: (officeId: string, userId: string, projectId: string) => void;
  leaveProject: (officeId: string, userId: string, projectId: string) => void;
  /** The person's rights in the office changed: their sessions authenticate again and reload. */
  membershipChanged: (officeId: string, userId: string) => void;
  /** The person left the office: their sockets there hear 'unauthorized' and are disconnected. */
  endMemberSessions: (officeId: string, userId: string, projectIds: readonly string[]) => void;
  close: () => Promise<void>;
}

const SESSION_END_GRACE_MS = 1000;

const personRoom = (userId: string) => `person-${userId}`;
const officeRoom = (officeId: string) => `office-${officeId}`;
/** Owners and admins: they see every project of the office. */
const allProjectsRoom = (officeId: string) => `office-${officeId}-all-projects`;
const memberRoom = (officeId: string, userId: string) => `member-${officeId}-${userId}`;
const projectRoom = (projectId: string) => `project-${projectId}`;

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
        const session = typeof token === 'string' ? await findSession(deps.db, token) : undefined;
        if (!session) {
          socket.emit('unauthorized', { type: 'invalid_token' });
          socket.disconnect(true);
          return;
        }
        // Authenticating again (after a change of rights) starts from no rooms.
        for (const room of [...socket.rooms]) if (room !== socket.id) await socket.leave(room);
        await socket.join(await roomsOf(deps.db, session));
        socket.emit('authenticated');
      } catch (err) {
        deps.log.warn({ err: (err as Error).message }, 'socket authentication failed');
        socket.emit('unauthorized', { type: 'unavailable' });
        socket.disconnect(true);
      }
    });
  });

  return {
    toPerson: (userId, event, payload) => {
      io.to(personRoom(userId)).emit(event, payload);
    },
    toOffice: (officeId, event, payload) => {
      io.to(officeRoom(officeId)).emit(event, payload);
    },
    toMember: (officeId, userId, event, payload) => {
      io.to(memberRoom(officeId, userId)).emit(event, payload);
    },
    toProject: (officeId, projectId, event, payload) => {
      io.to([allProjectsRoom(officeId), projectRoom(projectId)]).emit(event, payload);
    },
    joinProject: (officeId, userId, projectId) => {
      io.in(memberRoom(officeId, userId)).socketsJoin(projectRoom(projectId));
    },
    leaveProject: (officeId, userId, projectId) => {
      io.in(memberRoom(officeId, userId)).socketsLeave(projectRoom(projectId));
    },
    membershipChanged: (officeId, userId) => {
      io.to(memberRoom(officeId, userId)).emit('membershipChanged');
    },
    endMemberSessions: (officeId, userId, projectIds) => {
      const room = memberRoom(officeId, userId);
      // Nothing of the office reaches them from now on...
      io.in(room).socketsLeave([officeRoom(officeId), allProjectsRoom(officeId), ...projectIds.map(projectRoom)]);
      io.to(room).emit('unauthorized', { type: 'removed' });
      // ...and the connection ends once the event had time to go out: the adapter publishes an
      // emit before it delivers it, while a disconnect would take effect at once.
      setTimeout(() => io.in(room).disconnectSockets(), SESSION_END_GRACE_MS).unref();
    },
    close: async () => {
      // Closing while the adapter is still connecting would strand its client in the pool.
      await listening;
      await new Promise<void>((resolve) => void io.close(() => resolve()));
      await adapterPool.end();
    },
  };
}

/** The rooms of a session: the person, the office, and what the person may see in it. */
async function roomsOf(db: Db, session: SessionRow): Promise<string[]> {
  const rooms = [personRoom(session.userId)];
  const { officeId, role } = session;
  if (!officeId || !role) return rooms;
  rooms.push(officeRoom(officeId), memberRoom(officeId, session.userId));
  if (seesAllProjects(role)) return [...rooms, allProjectsRoom(officeId)];
  const projects = await db
    .selectFrom('project_member')
    .innerJoin('project', 'project.id', 'project_member.project_id')
    .select('project.id')
    .where('project_member.user_id', '=', session.userId)
    .where('project.office_id', '=', officeId)
    .execute();
  return [...rooms, ...projects.map((p) => projectRoom(p.id))];
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
