import { errors, type SessionsResponse } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { sessionEnded, type SessionRow } from '../auth/sessions.ts';
import { deviceOf } from './device.ts';
import { deleteOtherSessions, deletePersonSession, sessionsOfPerson } from './queries.ts';

type SessionDeps = Pick<Deps, 'db' | 'realtime' | 'config'>;

/** The person's sessions that still work (in every office): the asking one first and marked, then the latest used. */
export async function listSessions({ db, config }: SessionDeps, session: SessionRow): Promise<SessionsResponse> {
  const now = config.now();
  const rows = (await sessionsOfPerson(db, session.userId))
    .filter((row) => !sessionEnded(config, row, now))
    .sort((a, b) => Number(b.id === session.sessionId) - Number(a.id === session.sessionId));
  return {
    sessions: rows.map((row) => ({
      _id: row.id,
      ...deviceOf(row.user_agent),
      ip: row.ip,
      createdAt: row.created_at.toISOString(),
      lastUsedAt: row.last_used_at.toISOString(),
      current: row.id === session.sessionId,
    })),
    idleDays: config.sessions.idleDays,
    maxDays: config.sessions.maxDays,
  };
}

/** Signs one of the person's sessions out (the asking one too); its sockets hear 'unauthorized'. */
export async function endSession(deps: SessionDeps, session: SessionRow, sessionId: string): Promise<void> {
  if (!(await deletePersonSession(deps.db, session.userId, sessionId))) throw errors.notFound();
  deps.realtime.recheckPerson(session.userId);
}

/** 'Sign out everywhere else': every session of the person but the asking one ends. */
export async function endOtherSessions(deps: SessionDeps, session: SessionRow): Promise<SessionsResponse> {
  await deleteOtherSessions(deps.db, session.userId, session.sessionId);
  deps.realtime.recheckPerson(session.userId);
  return listSessions(deps, session);
}
