import { sql } from 'kysely';
import { errors, type UpdateUserBody, type User, type UserWithToken } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import type { Updateable } from 'kysely';
import type { UserTable } from '../../db/types.ts';
import { QUEUES } from '../../jobs/boss.ts';
import type { AccountMailJob } from '../../jobs/account-mail-worker.ts';
import { endResetLinks, passwordContextOf } from '../auth/service.ts';
import { assertPasswordAcceptable } from '../auth/password-policy.ts';
import { hashPassword, verifyPassword } from '../auth/secrets.ts';
import { createSession, revokeAllSessions, type SessionClient } from '../auth/sessions.ts';
import { canManageBilling, parseVatId } from '@plankurier/shared';
import type { OfficeTable } from '../../db/types.ts';
import type { SessionRow } from '../auth/sessions.ts';
import { emailInUse, findUserById, isUniqueViolation } from './queries.ts';
import { userOfSession } from './session-context.ts';
import type { UserRow } from './to-user-dto.ts';
import { askToConfirmNewAddresses } from '../mail-addresses/service.ts';

type UserDeps = Pick<Deps, 'db' | 'jobs' | 'realtime' | 'config'>;
type ProfileUpdate = Extract<UpdateUserBody, { updateType: 'UPDATE_PROFILE' }>;

export async function getUser({ db }: UserDeps, session: SessionRow): Promise<User> {
  const row = await findUserById(db, session.userId);
  if (!row) throw errors.notFound();
  return userOfSession(db, row, session);
}

export function updateUser(
  deps: UserDeps,
  session: SessionRow,
  body: UpdateUserBody,
  client: SessionClient = {},
): Promise<User | UserWithToken> {
  switch (body.updateType) {
    case 'UPDATE_PROFILE':
      return updateProfile(deps, session, body);
    case 'UPDATE_PASSWORD':
      return updatePassword(deps, session, body.currentPassword, body.newPassword, client);
    case 'UPDATE_EMAIL':
      return updateEmail(deps, session, body.email, body.password);
  }
}

/** Company and billing address (with the VAT ID, in its written form) are the office's: only its owners change them. */
function officeChanges(body: ProfileUpdate): Updateable<OfficeTable> {
  const changes = {
    company: body.company,
    street_name: body.streetName,
    street_number: body.streetNumber,
    city_code: body.cityCode,
    city_name: body.cityName,
    vat_id: body.vatId,
    link_lifetime_months: body.linkLifetimeMonths,
  };
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
}

/** A new BCC or Reply-To address is confirmed by its owner before Plankurier uses it (issue 36). */
const addressesChanged = (before: UserRow, after: UserRow) =>
  before.bcc_email.toLowerCase() !== after.bcc_email.toLowerCase() ||
  before.reply_to_email.toLowerCase() !== after.reply_to_email.toLowerCase();

/** '' clears the VAT ID; anything else must be an EU VAT ID. */
function writtenVatId(value: string): string {
  if (value.trim() === '') return '';
  const parsed = parseVatId(value);
  if (!parsed) throw errors.vatIdInvalid();
  return parsed.vatId;
}

async function updateProfile(
  { db, realtime, jobs, config }: UserDeps,
  session: SessionRow,
  body: ProfileUpdate,
): Promise<User> {
  const userId = session.userId;
  const current = await findUserById(db, userId);
  if (!current) throw errors.notFound();
  const office = officeChanges(body);
  const changesOffice = Object.keys(office).length > 0;
  if (changesOffice && !(session.officeId && session.role && canManageBilling(session.role))) throw errors.forbidden();
  if (typeof office.vat_id === 'string') office.vat_id = writtenVatId(office.vat_id);
  const changes: Updateable<UserTable> = {
    first_name: body.firstName,
    last_name: body.lastName,
    bcc_email: body.bccEmail,
    reply_to_email: body.replyToEmail,
    locale: body.locale,
    qr_defaults: body.qrDefaults && JSON.stringify(body.qrDefaults),
    onboarding_muted: body.onboardingMuted && JSON.stringify({ ...current.onboarding_muted, ...body.onboardingMuted }),
  };
  const row = await db.transaction().execute(async (tx) => {
    if (changesOffice && session.officeId) {
      await tx
        .updateTable('office')
        .set({ ...office, updated_at: sql`now()` })
        .where('id', '=', session.officeId)
        .execute();
    }
    const updated = await tx
      .updateTable('app_user')
      .set({ ...changes, updated_at: sql`now()` })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (addressesChanged(current, updated)) {
      await askToConfirmNewAddresses(tx, { jobs, config }, { userId, officeId: session.officeId }, updated);
    }
    return updated;
  });
  const user = await userOfSession(db, row, session);
  if (session.officeId) {
    realtime.toMember(session.officeId, userId, 'updateData', { user });
    // Colleagues read the company (delivery mails, letterheads) from their own user: they reload it.
    if (changesOffice) realtime.toOffice(session.officeId, 'updateData', { office: true });
  }
  return user;
}

async function checkPassword(db: Deps['db'], userId: string, password: string) {
  const row = await findUserById(db, userId);
  if (!row) throw errors.notFound();
  if (!password) throw errors.passwordRequired();
  if (!(await verifyPassword(row.password_hash, password))) throw errors.wrongPassword();
  return row;
}

/**
 * A password change ends every session and every open reset link; the caller continues with the
 * new token it gets back, the person's other sockets hear 'unauthorized', and the account is told
 * by mail.
 */
async function updatePassword(
  { db, jobs, realtime, config }: UserDeps,
  session: SessionRow,
  currentPassword: string,
  newPassword: string,
  client: SessionClient,
): Promise<UserWithToken> {
  const userId = session.userId;
  const current = await checkPassword(db, userId, currentPassword);
  assertPasswordAcceptable(newPassword, await passwordContextOf(db, current));
  const passwordHash = await hashPassword(newPassword);
  const result = await db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable('app_user')
      .set({ password_hash: passwordHash, updated_at: sql`now()` })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await revokeAllSessions(tx, userId);
    await endResetLinks(tx, userId);
    await jobs.enqueue(tx, QUEUES.accountMail, { kind: 'password_changed', userId } satisfies AccountMailJob);
    const token = await createSession(tx, userId, session.officeId, { ...client, now: config.now() });
    return { ...(await userOfSession(tx, row, session)), token };
  });
  realtime.recheckPerson(userId);
  return result;
}

/**
 * The new address takes effect at once and must be confirmed again through the mailed link; every
 * open link mailed to the old one (reset, confirmation) stops working.
 */
async function updateEmail(
  { db, jobs }: UserDeps,
  session: SessionRow,
  email: string,
  password: string,
): Promise<User> {
  const userId = session.userId;
  const current = await checkPassword(db, userId, password);
  if (current.email === email) return userOfSession(db, current, session);
  if (await emailInUse(db, email, userId)) throw errors.emailTaken();
  try {
    return await db.transaction().execute(async (tx) => {
      const row = await tx
        .updateTable('app_user')
        .set({ email, validated: false, updated_at: sql`now()` })
        .where('id', '=', userId)
        .returningAll()
        .executeTakeFirstOrThrow();
      await tx
        .updateTable('user_code')
        .set({ used_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
      await jobs.enqueue(tx, QUEUES.accountMail, { kind: 'validate', userId } satisfies AccountMailJob);
      // The old address hears of it: if someone else changed it, its owner knows at once.
      await jobs.enqueue(tx, QUEUES.accountMail, {
        kind: 'email_changed',
        userId,
        oldEmail: current.email,
        newEmail: email,
      } satisfies AccountMailJob);
      return userOfSession(tx, row, session);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw errors.emailTaken();
    throw err;
  }
}
