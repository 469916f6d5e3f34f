import type { OfficeRole } from '@plankurier/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { randomSecret, sha256 } from './secrets.ts';

/** When sessions end, and the clock they end by (tests move it). */
export type SessionPolicy = Pick<Config, 'now' | 'sessions'>;

const DAY_MS = 24 * 3600 * 1000;
/** last_used_at is written at most once an hour per session: a read stays a read. */
export const TOUCH_EVERY_MS = 3600 * 1000;
const USER_AGENT_MAX = 512;

/** Where a session was opened: shown in the person's list of sessions. */
export interface SessionClient {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

/** A new session in an office (or none): the token goes to the client once, the database keeps only its hash. */
export async function createSession(
  db: Db,
  userId: string,
  officeId: string | null,
  opening: SessionClient & { now?: Date } = {},
): Promise<string> {
  const token = randomSecret();
  await db
    .insertInto('session_token')
    .values({
      user_id: userId,
      office_id: officeId,
      token_hash: sha256(token),
      user_agent: opening.userAgent?.slice(0, USER_AGENT_MAX) || null,
      ip: opening.ip || null,
      ...(opening.now ? { created_at: opening.now, last_used_at: opening.now } : {}),
    })
    .execute();
  return token;
}

export interface SessionRow {
  /** The session itself (its row in session_token). */
  sessionId: string;
  userId: string;
  /** null: the person belongs to no office (yet, or any more). */
  officeId: string | null;
  role: OfficeRole | null;
}

/** Whether a session opened at `createdAt` and last used at `lastUsedAt` has ended by `now`. */
export function sessionEnded(policy: SessionPolicy, row: { created_at: Date; last_used_at: Date }, now: Date) {
  const { idleDays, maxDays } = policy.sessions;
  return (
    now.getTime() - row.last_used_at.getTime() >= idleDays * DAY_MS ||
    now.getTime() - row.created_at.getTime() >= maxDays * DAY_MS
  );
}

/** The sessions of these token hashes with the person's role in the session's office (none for a lost membership). */
export const sessionsByHashes = (db: Db, hashes: readonly Buffer[]) =>
  db
    .selectFrom('session_token as s')
    .leftJoin('office_member as m', (join) =>
      join.onRef('m.office_id', '=', 's.office_id').onRef('m.user_id', '=', 's.user_id'),
    )
    .select(['s.id', 's.token_hash', 's.user_id', 's.office_id', 's.created_at', 's.last_used_at', 'm.role'])
    .where('s.token_hash', 'in', hashes)
    .execute();

type SessionWithRole = Awaited<ReturnType<typeof sessionsByHashes>>[number];

/** The row as a session, or none: ended by time, or its office no longer has the person. */
export function liveSession(
  policy: SessionPolicy,
  row: SessionWithRole | undefined,
  now: Date,
): SessionRow | undefined {
  if (!row || sessionEnded(policy, row, now)) return undefined;
  if (row.office_id !== null && row.role === null) return undefined;
  return { sessionId: row.id, userId: row.user_id, officeId: row.office_id, role: row.role };
}

/**
 * The person and office of a token. A session whose office the person no longer belongs to is no
 * session: removing a member ends their sessions at their next request, whatever else happens. A
 * session unused for SESSION_IDLE_DAYS, or older than SESSION_MAX_DAYS, has ended and is deleted.
 */
export async function findSession(db: Db, token: string, policy: SessionPolicy): Promise<SessionRow | undefined> {
  const hash = sha256(token);
  const [row] = await sessionsByHashes(db, [hash]);
  const now = policy.now();
  if (row && sessionEnded(policy, row, now)) {
    await db.deleteFrom('session_token').where('id', '=', row.id).execute();
    return undefined;
  }
  const session = liveSession(policy, row, now);
  if (session && row && now.getTime() - row.last_used_at.getTime() >= TOUCH_EVERY_MS) {
    // Touching the row at most once an hour keeps reads from turning into writes.
    db.updateTable('session_token')
      .set({ last_used_at: now })
      .where('id', '=', row.id)
      .where('last_used_at', '<', new Date(now.getTime() - TOUCH_EVERY_MS))
      .execute()
      .catch(() => undefined);
  }
  return session;
}

/** Deletes the sessions that ended by time (an hourly job): nothing of them stays in the list. */
export async function deleteEndedSessions(db: Db, policy: SessionPolicy): Promise<number> {
  const now = policy.now().getTime();
  const result = await db
    .deleteFrom('session_token')
    .where((eb) =>
      eb.or([
        eb('last_used_at', '<=', new Date(now - policy.sessions.idleDays * DAY_MS)),
        eb('created_at', '<=', new Date(now - policy.sessions.maxDays * DAY_MS)),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export const revokeSession = (db: Db, token: string) =>
  db.deleteFrom('session_token').where('token_hash', '=', sha256(token)).execute();

export const revokeAllSessions = (db: Db, userId: string) =>
  db.deleteFrom('session_token').where('user_id', '=', userId).execute();

/** Ends the person's sessions in one office (they were removed from it). */
export const revokeOfficeSessions = (db: Db, userId: string, officeId: string) =>
  db.deleteFrom('session_token').where('user_id', '=', userId).where('office_id', '=', officeId).execute();

export const bearerToken = (header: string | undefined) => {
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header ?? '');
  return match?.[1];
};
