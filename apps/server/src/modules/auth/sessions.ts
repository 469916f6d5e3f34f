import { sql } from 'kysely';
import type { OfficeRole } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';
import { randomSecret, sha256 } from './secrets.ts';

/** A new session in an office (or none): the token goes to the client once, the database keeps only its hash. */
export async function createSession(db: Db, userId: string, officeId: string | null): Promise<string> {
  const token = randomSecret();
  await db
    .insertInto('session_token')
    .values({ user_id: userId, office_id: officeId, token_hash: sha256(token) })
    .execute();
  return token;
}

export interface SessionRow {
  userId: string;
  /** null: the person belongs to no office (yet, or any more). */
  officeId: string | null;
  role: OfficeRole | null;
}

/**
 * The person and office of a token. A session whose office the person no longer belongs to is no
 * session: removing a member ends their sessions at their next request, whatever else happens.
 */
export async function findSession(db: Db, token: string): Promise<SessionRow | undefined> {
  const hash = sha256(token);
  const row = await db
    .selectFrom('session_token as s')
    .leftJoin('office_member as m', (join) =>
      join.onRef('m.office_id', '=', 's.office_id').onRef('m.user_id', '=', 's.user_id'),
    )
    .select(['s.user_id', 's.office_id', 'm.role'])
    .where('s.token_hash', '=', hash)
    .executeTakeFirst();
  if (!row || (row.office_id !== null && row.role === null)) return undefined;
  // Touching the row at most every few minutes keeps reads from turning into writes.
  db.updateTable('session_token')
    .set({ last_used_at: sql`now()` })
    .where('token_hash', '=', hash)
    .where('last_used_at', '<', sql<Date>`now() - interval '5 minutes'`)
    .execute()
    .catch(() => undefined);
  return { userId: row.user_id, officeId: row.office_id, role: row.role };
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
