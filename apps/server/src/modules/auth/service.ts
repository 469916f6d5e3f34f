import { sql } from 'kysely';
import { DEFAULT_QR, errors, appError, type SignInBody, type SignUpBody, type UserWithToken } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { QUEUES } from '../../jobs/boss.ts';
import type { AccountMailJob } from '../../jobs/account-mail-worker.ts';
import { findUserByEmail, findUserById, isUniqueViolation } from '../users/queries.ts';
import { userOfSession } from '../users/session-context.ts';
import { insertMember, membershipsOf } from '../offices/queries.ts';
import { LIMITS, clearLimit, failedSignInKey, countHit, currentHits, enforceLimit, signUpLimit } from './rate-limit.ts';
import { dummyPasswordHash, hashPassword, sha256, verifyPassword } from './secrets.ts';
import { assertPasswordAcceptable } from './password-policy.ts';
import { createSession, revokeAllSessions, revokeSession, type SessionClient } from './sessions.ts';

type AuthDeps = Pick<Deps, 'db' | 'jobs' | 'realtime' | 'config'>;

/** Where a request came from: its address (rate limits) and browser (the session list). */
export type RequestClient = SessionClient & { ip: string };

/** What a person's new password must not contain: their e-mail and their offices' companies. */
export async function passwordContextOf(db: Deps['db'], user: { id: string; email: string }) {
  return { email: user.email, companies: (await membershipsOf(db, user.id)).map((m) => m.company) };
}

export async function signUp(
  { db, jobs, config }: AuthDeps,
  input: SignUpBody,
  client: RequestClient,
): Promise<UserWithToken> {
  await enforceLimit(db, `signup:ip:${client.ip}`, signUpLimit(config.signUpsPerIpPerHour));
  assertPasswordAcceptable(input.password, { email: input.email, companies: [input.company] });
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction().execute(async (tx) => {
      // Who signs up founds an office and owns it; colleagues join it by invitation.
      const office = await tx
        .insertInto('office')
        .values({ company: input.company })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = await insertPerson(tx, {
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        locale: input.locale,
        lastOfficeId: office.id,
      });
      await insertMember(tx, office.id, row.id, 'owner');
      const token = await createSession(tx, row.id, office.id, { ...client, now: config.now() });
      await jobs.enqueue(tx, QUEUES.accountMail, { kind: 'validate', userId: row.id } satisfies AccountMailJob);
      return { ...(await userOfSession(tx, row, { officeId: office.id })), token };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw errors.emailTaken();
    throw err;
  }
}

export async function signIn(
  { db, config }: AuthDeps,
  input: SignInBody,
  client: RequestClient,
): Promise<UserWithToken> {
  await enforceLimit(db, `signin:ip:${client.ip}`, LIMITS.signInPerIp);
  const failedKey = failedSignInKey(client.ip, input.email);
  if (
    (await currentHits(db, failedKey, LIMITS.failedSignInPerAddressAndEmail)) >=
    LIMITS.failedSignInPerAddressAndEmail.max
  ) {
    throw errors.rateLimited();
  }
  const user = await findUserByEmail(db, input.email);
  const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!user || !ok) {
    await countHit(db, failedKey, LIMITS.failedSignInPerAddressAndEmail);
    throw errors.wrongCredentials();
  }
  await clearLimit(db, failedKey);
  const officeId = await officeToSignInTo(db, user);
  const token = await createSession(db, user.id, officeId, { ...client, now: config.now() });
  return { ...(await userOfSession(db, user, { officeId })), token };
}

/** The office the person worked in last, if they still belong to it; else their first; else none. */
async function officeToSignInTo(db: Deps['db'], user: { id: string; last_office_id: string | null }) {
  const memberships = await membershipsOf(db, user.id);
  return (memberships.find((m) => m.id === user.last_office_id) ?? memberships[0])?.id ?? null;
}

/** A new person (sign-up or accepted invitation); an address taken already is a unique violation. */
export const insertPerson = (
  db: Deps['db'],
  p: {
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    locale: 'de' | 'en';
    lastOfficeId: string;
    validated?: boolean;
  },
) =>
  db
    .insertInto('app_user')
    .values({
      email: p.email,
      password_hash: p.passwordHash,
      first_name: p.firstName,
      last_name: p.lastName,
      locale: p.locale,
      validated: p.validated ?? false,
      last_office_id: p.lastOfficeId,
      qr_defaults: JSON.stringify(DEFAULT_QR),
      onboarding_muted: '{}',
    })
    .returningAll()
    .executeTakeFirstOrThrow();

/** Ends this session; the person's sockets of it, on every process, hear 'unauthorized'. */
export async function signOut({ db, realtime }: AuthDeps, session: { token: string; userId: string }) {
  await revokeSession(db, session.token);
  realtime.recheckPerson(session.userId);
}

export async function resendWelcome({ db, jobs }: AuthDeps, userId: string): Promise<void> {
  await enforceLimit(db, `resend:user:${userId}`, LIMITS.resendPerUser);
  await db.transaction().execute(async (tx) => {
    const user = await findUserById(tx, userId);
    if (!user) throw errors.notFound();
    if (user.validated) throw appError('auth.already_validated', 409);
    await jobs.enqueue(tx, QUEUES.accountMail, { kind: 'validate', userId } satisfies AccountMailJob);
  });
}

/** Answers the same for known and unknown addresses: nobody learns who has an account. */
export async function requestPasswordReset({ db, jobs }: AuthDeps, email: string, ip: string): Promise<void> {
  await enforceLimit(db, `reset:ip:${ip}`, LIMITS.resetPerIp);
  if ((await countHit(db, `reset:email:${email}`, LIMITS.resetPerEmail)) > LIMITS.resetPerEmail.max) return;
  await db.transaction().execute(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (user) await jobs.enqueue(tx, QUEUES.accountMail, { kind: 'reset', userId: user.id } satisfies AccountMailJob);
  });
}

/** Uses a mailed code once: marks it used and returns its row, or refuses an unknown, used or expired code. */
async function consumeCode(tx: Deps['db'], kind: 'validate' | 'reset', code: string) {
  const row = await tx
    .updateTable('user_code')
    .set({ used_at: sql`now()` })
    .where('code_hash', '=', sha256(code))
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_id', 'email'])
    .executeTakeFirst();
  if (!row) throw errors.invalidCode();
  return row;
}

/** The unused, unexpired code of this kind, without using it up (a refused new password keeps the link). */
const findOpenCode = (db: Deps['db'], kind: 'validate' | 'reset', code: string) =>
  db
    .selectFrom('user_code')
    .innerJoin('app_user', 'app_user.id', 'user_code.user_id')
    .select(['app_user.id', 'app_user.email'])
    .where('user_code.code_hash', '=', sha256(code))
    .where('user_code.kind', '=', kind)
    .where('user_code.used_at', 'is', null)
    .where('user_code.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();

export async function resetPassword(
  { db, jobs, realtime }: AuthDeps,
  code: string,
  password: string,
  ip: string,
): Promise<void> {
  await enforceLimit(db, `reset:ip:${ip}`, LIMITS.resetPerIp);
  const person = await findOpenCode(db, 'reset', code);
  if (!person) throw errors.invalidCode();
  assertPasswordAcceptable(password, await passwordContextOf(db, person));
  const passwordHash = await hashPassword(password);
  const userId = await db.transaction().execute(async (tx) => {
    const { user_id } = await consumeCode(tx, 'reset', code);
    await tx
      .updateTable('app_user')
      .set({ password_hash: passwordHash, updated_at: sql`now()` })
      .where('id', '=', user_id)
      .execute();
    // A new password ends every session, and no other reset link stays usable.
    await revokeAllSessions(tx, user_id);
    await endResetLinks(tx, user_id);
    await jobs.enqueue(tx, QUEUES.accountMail, { kind: 'password_changed', userId: user_id } satisfies AccountMailJob);
    return user_id;
  });
  realtime.recheckPerson(userId);
}

/** Every open password-reset link of the person stops working (their password or address changed). */
export const endResetLinks = (tx: Deps['db'], userId: string) =>
  tx
    .updateTable('user_code')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('kind', '=', 'reset')
    .where('used_at', 'is', null)
    .execute();

/** Whether this confirmation code was used already, for the address its account still has, now confirmed. */
const confirmedWithCode = async (db: Deps['db'], code: string) =>
  !!(await db
    .selectFrom('user_code')
    .innerJoin('app_user', 'app_user.id', 'user_code.user_id')
    .select('app_user.id')
    .where('user_code.code_hash', '=', sha256(code))
    .where('user_code.kind', '=', 'validate')
    .where('user_code.used_at', 'is not', null)
    .where('app_user.validated', '=', true)
    .where(sql`lower(app_user.email)`, '=', sql`lower(user_code.email)`)
    .executeTakeFirst());

/** Confirms the address the code was mailed to; a code for a since-changed address no longer counts. */
export async function validateAccount({ db, realtime }: AuthDeps, code: string): Promise<{ validated: true }> {
  const userId = await db.transaction().execute(async (tx) => {
    const row = await consumeCode(tx, 'validate', code).catch(async (err: unknown) => {
      // A link opened again (a second click, the mail opened on the phone) says the account is confirmed.
      if (await confirmedWithCode(tx, code)) throw appError('auth.already_validated', 409);
      throw err;
    });
    const updated = await tx
      .updateTable('app_user')
      .set({ validated: true, updated_at: sql`now()` })
      .where('id', '=', row.user_id)
      .where(sql`lower(email)`, '=', row.email.toLowerCase())
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw errors.invalidCode();
    return updated.id;
  });
  realtime.toPerson(userId, 'updateData', { validated: true });
  return { validated: true };
}
