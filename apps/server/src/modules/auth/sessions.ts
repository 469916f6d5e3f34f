import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { randomSecret, sha256 } from './secrets.ts';

/** A new session: the token goes to the client once, the database keeps only its hash. */
export async function createSession(db: Db, userId: string): Promise<string> {
  const token = randomSecret();
  await db
    .insertInto('session_token')
    .values({ user_id: userId, token_hash: sha256(token) })
    .execute();
  return token;
}

export async function findSessionUserId(db: Db, token: string): Promise<string | undefined> {
  const hash = sha256(token);
  const row = await db.selectFrom('session_token').select('user_id').where('token_hash', '=', hash).executeTakeFirst();
  if (row) {
    // Touching the row at most every few minutes keeps reads from turning into writes.
    db.updateTable('session_token')
      .set({ last_used_at: sql`now()` })
      .where('token_hash', '=', hash)
      .where('last_used_at', '<', sql<Date>`now() - interval '5 minutes'`)
      .execute()
      .catch(() => undefined);
  }
  return row?.user_id;
}

export const revokeSession = (db: Db, token: string) =>
  db.deleteFrom('session_token').where('token_hash', '=', sha256(token)).execute();

export const revokeAllSessions = (db: Db, userId: string) =>
  db.deleteFrom('session_token').where('user_id', '=', userId).execute();

export const bearerToken = (header: string | undefined) => {
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header ?? '');
  return match?.[1];
};
