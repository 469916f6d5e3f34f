import type { Db } from '../../db/index.ts';

/** The person's sessions, the most recently used first. */
export const sessionsOfPerson = (db: Db, userId: string) =>
  db
    .selectFrom('session_token')
    .select(['id', 'user_agent', 'ip', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('last_used_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();

/** Ends one of the person's sessions; another person's id ends nothing. */
export const deletePersonSession = (db: Db, userId: string, sessionId: string) =>
  db
    .deleteFrom('session_token')
    .where('user_id', '=', userId)
    .where('id', '=', sessionId)
    .returning('id')
    .executeTakeFirst();

/** Ends every session of the person but the one given. */
export const deleteOtherSessions = (db: Db, userId: string, keepSessionId: string) =>
  db.deleteFrom('session_token').where('user_id', '=', userId).where('id', '!=', keepSessionId).execute();
