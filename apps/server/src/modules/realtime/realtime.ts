import type { Server as HttpServer } from 'node:http';
import { Server, type DefaultEventsMap, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { SOCKET_OPTIONS, seesAllProjects } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';
import { sha256 } from '../auth/secrets.ts';
import { findSession, liveSession, sessionsByHashes, type SessionPolicy, type SessionRow } from '../auth/sessions.ts';

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
  /** The person's rights in the office changed: their sockets take the rooms of the new role, and the tabs reload. */
  membershipChanged: (officeId: string, userId: string) => void;
  /** The person left the office: their sockets there hear 'unauthorized' and are disconnected. */
  endMemberSessions: (officeId: string, userId: string, projectIds: readonly string[]) => void;
  /**
   * The person's sessions or rights changed (sign-out, password, a session ended): every socket of
   * the person, on every server process, checks its session again — one that ended hears
   * 'unauthorized' and is disconnected, the others take the rooms their session may see now.
   */
  recheckPerson: (userId: string) => void;
  close: () => Promise<void>;
}

const SESSION_END_GRACE_MS = 1000;
/** Sessions read in one query of the periodic check. */
const RECHECK_BATCH = 500;
const RECHECK_PERSON = 'recheckPerson';

const personRoom = (userId: string) => `person-${userId}`;
const officeRoom = (officeId: string) => `office-${officeId}`;
/** Owners and admins: they see every project of the office. */
const allProjectsRoom = (officeId: string) => `office-${officeId}-all-projects`;
const memberRoom = (officeId: string, userId: string) => `member-${officeId}-${userId}`;
const projectRoom = (projectId: string) => `project-${projectId}`;

/** What a socket keeps of its session: the token's hash (never the token), and a count of its checks. */
interface LiveSocketData {
  tokenHash?: Buffer;
  userId?: string;
  /** Raised by every check that reads the session: a periodic check read before it does not apply. */
  epoch: number;
  /** The socket's checks run one after the other. */
  queue: Promise<void>;
}
interface ServerSideEvents {
  [RECHECK_PERSON]: (userId: string) => void;
}
type LiveServer = Server<DefaultEventsMap, DefaultEventsMap, ServerSideEvents, LiveSocketData>;
type LiveSocket = Socket<DefaultEventsMap, DefaultEventsMap, ServerSideEvents, LiveSocketData>;

/**
 * socket.io on the HTTP server. A client proves who it is with the 'authenticate' event and then
 * joins the rooms of what its session may see; the Postgres adapter carries emits to sockets on
 * every server process. A socket does not keep rights it lost: it checks its session again when
 * the person's sessions or rights change (on whichever process that happened) and every
 * SOCKET_RECHECK_SECONDS, which also ends it when its session expired.
 */
export function attachRealtime(
  httpServer: HttpServer,
  deps: {
    db: Db;
    databaseUrl: string;
    log: FastifyBaseLogger;
    config: SessionPolicy & { socketRecheckSeconds: number };
  },
): Realtime {
  const { db, config } = deps;
  const adapterPool = createAdapterPool(deps.databaseUrl, deps.log);
  const listening = adapterListening(adapterPool, db);
  const io: LiveServer = new Server(httpServer, {
    serveClient: false,
    connectTimeout: SOCKET_OPTIONS.timeout,
    cors: { origin: false },
  });
  io.adapter(
    createAdapter(adapterPool, { errorHandler: (err) => deps.log.warn({ err: err.message }, 'socket adapter error') }),
  );

  /** Runs a check of the socket after the ones before it; a failed check is logged, the socket stays as it was. */
  const inTurn = (socket: LiveSocket, check: () => Promise<void>) => {
    socket.data.queue = socket.data.queue.then(check).catch((err: unknown) => {
      deps.log.warn({ err: (err as Error).message }, 'socket session check failed');
    });
    return socket.data.queue;
  };

  /** The session ended: nothing reaches the socket any more, and it is told why. */
  const endSocket = (socket: LiveSocket) => {
    socket.data.tokenHash = undefined;
    for (const room of [...socket.rooms]) if (room !== socket.id) void socket.leave(room);
    socket.emit('unauthorized', { type: 'session_ended' });
    socket.disconnect(true);
  };

  /** Puts the socket into exactly the rooms of the session; true when that changed them. */
  const takeRooms = async (socket: LiveSocket, session: SessionRow, cache?: Map<string, string[]>) => {
    const wanted = new Set(await roomsOf(db, session, cache));
    const current = [...socket.rooms].filter((room) => room !== socket.id);
    const leaving = current.filter((room) => !wanted.has(room));
    const joining = [...wanted].filter((room) => !socket.rooms.has(room));
    for (const room of leaving) await socket.leave(room);
    if (joining.length > 0) await socket.join(joining);
    return leaving.length + joining.length > 0;
  };

  /** A check's outcome: an ended session ends the socket; a changed set of rooms is announced. */
  const apply = async (socket: LiveSocket, session: SessionRow | undefined, cache?: Map<string, string[]>) => {
    if (!socket.connected || !socket.data.tokenHash) return;
    if (!session) return endSocket(socket);
    // 'authenticated' again: the socket now hears what the session may see; open pages catch up.
    if (await takeRooms(socket, session, cache)) socket.emit('authenticated');
  };

  const recheckSocket = (socket: LiveSocket) =>
    inTurn(socket, async () => {
      const hash = socket.data.tokenHash;
      if (!hash) return;
      socket.data.epoch++;
      const [row] = await sessionsByHashes(db, [hash]);
      await apply(socket, liveSession(config, row, config.now()));
    });

  const localSockets = () => [...io.of('/').sockets.values()].filter((socket) => socket.data.tokenHash);

  const recheckLocalPerson = (userId: string) =>
    Promise.all(
      localSockets()
        .filter((s) => s.data.userId === userId)
        .map(recheckSocket),
    );

  /** Every socket of this process, its sessions read in batches; a socket checked meanwhile keeps that check. */
  const recheckAll = async () => {
    const sockets = localSockets();
    for (let i = 0; i < sockets.length; i += RECHECK_BATCH) {
      const batch = sockets.slice(i, i + RECHECK_BATCH);
      const epochs = new Map(batch.map((s) => [s, s.data.epoch]));
      const rows = await sessionsByHashes(db, [...new Set(batch.map((s) => s.data.tokenHash!))]);
      const byHash = new Map(rows.map((row) => [row.token_hash.toString('hex'), row]));
      const now = config.now();
      const cache = new Map<string, string[]>();
      await Promise.all(
        batch.map((socket) =>
          inTurn(socket, async () => {
            const hash = socket.data.tokenHash;
            if (!hash || socket.data.epoch !== epochs.get(socket)) return;
            await apply(socket, liveSession(config, byHash.get(hash.toString('hex')), now), cache);
          }),
        ),
      );
    }
  };
  // One periodic check at a time: a tick that finds the last one still running leaves it be.
  let periodic: Promise<void> | undefined;
  const timer = setInterval(() => {
    periodic ??= recheckAll()
      .catch((err: unknown) => {
        deps.log.warn({ err: (err as Error).message }, 'periodic socket check failed');
      })
      .finally(() => {
        periodic = undefined;
      });
  }, config.socketRecheckSeconds * 1000);
  timer.unref();

  // Another process changed a person's sessions or rights: this one checks its sockets of the person.
  io.on(RECHECK_PERSON, (userId) => void recheckLocalPerson(userId));

  io.on('connection', (socket) => {
    socket.data.epoch = 0;
    socket.data.queue = Promise.resolve();
    socket.on('authenticate', (token: unknown) =>
      inTurn(socket, async () => {
        socket.data.epoch++;
        try {
          const session = typeof token === 'string' ? await findSession(db, token, config) : undefined;
          if (!session || typeof token !== 'string') {
            socket.data.tokenHash = undefined;
            socket.emit('unauthorized', { type: 'invalid_token' });
            socket.disconnect(true);
            return;
          }
          socket.data.tokenHash = sha256(token);
          socket.data.userId = session.userId;
          await takeRooms(socket, session);
          socket.emit('authenticated');
        } catch (err) {
          deps.log.warn({ err: (err as Error).message }, 'socket authentication failed');
          socket.emit('unauthorized', { type: 'unavailable' });
          socket.disconnect(true);
        }
      }),
    );
  });

  const recheckPerson = (userId: string) => {
    io.serverSideEmit(RECHECK_PERSON, userId);
    void recheckLocalPerson(userId);
  };

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
      // The server moves the sockets itself: a tab that does not authenticate again keeps no lost right.
      recheckPerson(userId);
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
    recheckPerson,
    close: async () => {
      clearInterval(timer);
      // Closing while the adapter is still connecting would strand its client in the pool.
      await listening;
      await new Promise<void>((resolve) => void io.close(() => resolve()));
      await periodic;
      await adapterPool.end();
    },
  };
}

/** The rooms of a session: the person, the office, and what the person may see in it. */
async function roomsOf(db: Db, session: SessionRow, cache?: Map<string, string[]>): Promise<string[]> {
  const rooms = [personRoom(session.userId)];
  const { officeId, role } = session;
  if (!officeId || !role) return rooms;
  rooms.push(officeRoom(officeId), memberRoom(officeId, session.userId));
  if (seesAllProjects(role)) return [...rooms, allProjectsRoom(officeId)];
  const key = `${officeId}/${session.userId}`;
  let projects = cache?.get(key);
  if (!projects) {
    const rows = await db
      .selectFrom('project_member')
      .innerJoin('project', 'project.id', 'project_member.project_id')
      .select('project.id')
      .where('project_member.user_id', '=', session.userId)
      .where('project.office_id', '=', officeId)
      .execute();
    projects = rows.map((p) => projectRoom(p.id));
    cache?.set(key, projects);
  }
  return [...rooms, ...projects];
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
