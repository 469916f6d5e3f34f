import type { Kysely } from 'kysely';

/**
 * Sessions end (issue 36): a session remembers the browser and address it was opened from, so its
 * person can recognise it in the list of their sessions and end it. Expiry needs no column: a
 * session ends after SESSION_IDLE_DAYS without use (last_used_at) or SESSION_MAX_DAYS after
 * created_at, whichever comes first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('session_token').addColumn('user_agent', 'text').addColumn('ip', 'text').execute();
  // The hourly sweep of ended sessions reads by age.
  await db.schema.createIndex('session_token_last_used_idx').on('session_token').column('last_used_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('session_token_last_used_idx').ifExists().execute();
  await db.schema.alterTable('session_token').dropColumn('user_agent').dropColumn('ip').execute();
}
