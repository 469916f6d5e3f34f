import { sql } from 'kysely';
import { errors } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';

export interface Limit {
  max: number;
  windowSeconds: number;
}

/**
 * Limits of the account endpoints: failed sign-ins strict per address and account (per account alone
 * anyone who knows an e-mail could lock its owner out), looser per IP (offices share addresses).
 */
export const LIMITS = {
  signInPerIp: { max: 60, windowSeconds: 600 },
  failedSignInPerAddressAndEmail: { max: 8, windowSeconds: 300 },
  resetPerIp: { max: 20, windowSeconds: 3600 },
  resetPerEmail: { max: 5, windowSeconds: 3600 },
  resendPerUser: { max: 5, windowSeconds: 3600 },
} satisfies Record<string, Limit>;

/** Sign-ups per IP address and hour: the number is the office's to set (SIGNUPS_PER_IP_PER_HOUR). */
export const signUpLimit = (perHour: number): Limit => ({ max: perHour, windowSeconds: 3600 });

/**
 * Counts one hit in a fixed window kept in PostgreSQL, so every server process shares the count.
 * Returns the hits in the current window including this one.
 */
export async function countHit(db: Db, key: string, limit: Limit): Promise<number> {
  return (await countHitInWindow(db, key, limit)).hits;
}

/** countHit, and the seconds until the current window ends (what Retry-After says). */
export async function countHitInWindow(
  db: Db,
  key: string,
  limit: Limit,
): Promise<{ hits: number; retryAfterSeconds: number }> {
  const row = await sql<{ hits: number; retry_after: number }>`
    insert into rate_limit (key, window_start, hits) values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when rate_limit.window_start < now() - make_interval(secs => ${limit.windowSeconds}) then 1 else rate_limit.hits + 1 end,
      window_start = case when rate_limit.window_start < now() - make_interval(secs => ${limit.windowSeconds}) then now() else rate_limit.window_start end
    returning hits,
      greatest(1, ceil(${limit.windowSeconds}::numeric - extract(epoch from now() - window_start)))::int as retry_after`.execute(
    db,
  );
  const first = row.rows[0];
  return { hits: first?.hits ?? 1, retryAfterSeconds: first?.retry_after ?? limit.windowSeconds };
}

/** Hits so far in the current window, without counting. */
export async function currentHits(db: Db, key: string, limit: Limit): Promise<number> {
  const row = await db
    .selectFrom('rate_limit')
    .select('hits')
    .where('key', '=', key)
    .where('window_start', '>=', sql<Date>`now() - make_interval(secs => ${limit.windowSeconds})`)
    .executeTakeFirst();
  return row?.hits ?? 0;
}

/** Counts a hit and refuses with 429 once the window is full. */
export async function enforceLimit(db: Db, key: string, limit: Limit): Promise<void> {
  const { hits, retryAfterSeconds } = await countHitInWindow(db, key, limit);
  if (hits > limit.max) throw errors.rateLimited({ retryAfterSeconds });
}

export const clearLimit = (db: Db, key: string) => db.deleteFrom('rate_limit').where('key', '=', key).execute();

/**
 * The key of failed password attempts: one address guessing one account's password is locked, the
 * account's owner signing in from elsewhere is not.
 */
export const failedSignInKey = (ip: string, email: string) => `signin:failed:${ip}:${email.toLowerCase()}`;
