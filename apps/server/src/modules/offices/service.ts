import { sql } from 'kysely';
import {
  INVITATION_VALID_DAYS,
  TIERS,
  canAssignRole,
  canManageMembers,
  errors,
  personName,
  withinLimit,
  type AcceptInvitationBody,
  type InvitationPreview,
  type MembersResponse,
  type OfficeRole,
  type User,
  type UserWithToken,
} from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { assertMayMail, countMails } from '../mail-limits/service.ts';
import { findMailingOffice } from '../mail-limits/queries.ts';
import { QUEUES } from '../../jobs/boss.ts';
import type { InvitationMailJob } from '../../jobs/invitation-mail-worker.ts';
import { insertPerson, type RequestClient } from '../auth/service.ts';
import { assertPasswordAcceptable } from '../auth/password-policy.ts';
import {
  LIMITS,
  clearLimit,
  failedSignInKey,
  countHit,
  currentHits,
  enforceLimit,
  signUpLimit,
} from '../auth/rate-limit.ts';
import { hashPassword, sha256, verifyPassword } from '../auth/secrets.ts';
import { createSession, revokeOfficeSessions, type SessionRow } from '../auth/sessions.ts';
import { findUserByEmail, findUserById, isUniqueViolation } from '../users/queries.ts';
import { userOfSession } from '../users/session-context.ts';
import { requireRole, type Actor } from './access.ts';
import {
  countOwners,
  countSeatsTaken,
  deleteMember,
  findMember,
  findOffice,
  findOpenInvitation,
  findOpenInvitationByEmail,
  findUsableInvitation,
  insertMember,
  membersOf,
  openInvitations,
  projectsOfMember,
  updateMemberRole,
} from './queries.ts';

type OfficeDeps = Pick<Deps, 'db' | 'jobs' | 'realtime' | 'config'>;

const DAY_MS = 24 * 3600 * 1000;

const nameOf = (row: { first_name: string | null; last_name: string | null; email: string | null }) =>
  personName({ firstName: row.first_name ?? '', lastName: row.last_name ?? '', email: row.email ?? '' });

/** The office's people and open invitations; everyone may see who works in the office. */
export async function listMembers({ db }: Pick<Deps, 'db'>, actor: Actor): Promise<MembersResponse> {
  const [office, members, invitations, seatsTaken] = await Promise.all([
    findOffice(db, actor.officeId),
    membersOf(db, actor.officeId),
    canManageMembers(actor.role) ? openInvitations(db, actor.officeId) : Promise.resolve([]),
    countSeatsTaken(db, actor.officeId),
  ]);
  const now = Date.now();
  return {
    members: members.map((m) => ({
      _id: m.id,
      email: m.email,
      firstName: m.first_name,
      lastName: m.last_name,
      role: m.role,
      joinedAt: m.created_at.toISOString(),
    })),
    invitations: invitations.map((i) => ({
      _id: i.id,
      email: i.email,
      role: i.role,
      invitedBy: nameOf({ first_name: i.inviter_first_name, last_name: i.inviter_last_name, email: i.inviter_email }),
      sentAt: i.sent_at.toISOString(),
      expiresAt: i.expires_at.toISOString(),
      expired: i.expires_at.getTime() <= now,
    })),
    maxNumberOfUsers: TIERS[office?.tier ?? 'FREE'].features.maxNumberOfUsers,
    seatsTaken,
  };
}

/** Owners and admins manage people; an admin never touches an owner or makes one. */
function assertMayAssign(actor: Actor, role: OfficeRole) {
  requireRole(actor, 'owner', 'admin');
  if (!canAssignRole(actor.role, role)) throw errors.forbidden();
}

/** Locks the office row: seat counts of concurrent invitations and acceptances come one after the other. */
const lockOffice = (db: Deps['db'], officeId: string) =>
  db.selectFrom('office').select(['id', 'tier']).where('id', '=', officeId).forUpdate().executeTakeFirstOrThrow();

async function assertSeatFree(db: Deps['db'], officeId: string, seatsAfter: (taken: number) => number) {
  const { tier } = await lockOffice(db, officeId);
  const limit = TIERS[tier].features.maxNumberOfUsers;
  if (!withinLimit(limit, seatsAfter(await countSeatsTaken(db, officeId)))) throw errors.seatLimitReached();
}

/**
 * Invites a person by e-mail with a role. Inviting an address with an open invitation mails it again
 * with a fresh link (and the new role); a person already in the office is refused.
 */
export async function invite(deps: OfficeDeps, actor: Actor, body: { email: string; role: OfficeRole }) {
  assertMayAssign(actor, body.role);
  await assertMayMail(deps.db, actor.userId, [body.email]);
  await deps.db.transaction().execute(async (tx) => {
    const existing = await findUserByEmail(tx, body.email);
    if (existing && (await findMember(tx, actor.officeId, existing.id))) throw errors.alreadyMember();
    const open = await findOpenInvitationByEmail(tx, actor.officeId, body.email);
    const expiresAt = new Date(Date.now() + INVITATION_VALID_DAYS * DAY_MS);
    let invitationId: string;
    if (open) {
      if (!canAssignRole(actor.role, open.role)) throw errors.forbidden();
      await tx
        .updateTable('invitation')
        .set({ role: body.role, invited_by: actor.userId, sent_at: sql`now()`, expires_at: expiresAt })
        .where('id', '=', open.id)
        .execute();
      invitationId = open.id;
    } else {
      // An open invitation takes a seat: the one it asks for must be free (count before it is made).
      await assertSeatFree(tx, actor.officeId, (taken) => taken);
      const row = await tx
        .insertInto('invitation')
        .values({
          office_id: actor.officeId,
          email: body.email,
          role: body.role,
          invited_by: actor.userId,
          expires_at: expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      invitationId = row.id;
    }
    await countMails(tx, deps.config, await findMailingOffice(tx, actor.officeId), [
      { kind: 'invitation', recipient: body.email },
    ]);
    await deps.jobs.enqueue(tx, QUEUES.invitationMail, { invitationId } satisfies InvitationMailJob);
  });
  return listMembers(deps, actor);
}

/** Mails an open invitation again with a fresh link, valid for another seven days. */
export async function resendInvitation(deps: OfficeDeps, actor: Actor, invitationId: string) {
  requireRole(actor, 'owner', 'admin');
  await deps.db.transaction().execute(async (tx) => {
    const open = await findOpenInvitation(tx, actor.officeId, invitationId);
    if (!open) throw errors.notFound();
    if (!canAssignRole(actor.role, open.role)) throw errors.forbidden();
    await assertMayMail(tx, actor.userId, [open.email]);
    // An expired invitation no longer held a seat: sending it again needs one.
    if (open.expires_at.getTime() <= Date.now()) await assertSeatFree(tx, actor.officeId, (taken) => taken);
    await tx
      .updateTable('invitation')
      .set({
        invited_by: actor.userId,
        sent_at: sql`now()`,
        expires_at: new Date(Date.now() + INVITATION_VALID_DAYS * DAY_MS),
      })
      .where('id', '=', open.id)
      .execute();
    await countMails(tx, deps.config, await findMailingOffice(tx, actor.officeId), [
      { kind: 'invitation', recipient: open.email },
    ]);
    await deps.jobs.enqueue(tx, QUEUES.invitationMail, { invitationId: open.id } satisfies InvitationMailJob);
  });
  return listMembers(deps, actor);
}

/** Withdraws an open invitation: its link stops working at once. */
export async function withdrawInvitation(deps: OfficeDeps, actor: Actor, invitationId: string) {
  requireRole(actor, 'owner', 'admin');
  const open = await findOpenInvitation(deps.db, actor.officeId, invitationId);
  if (!open) throw errors.notFound();
  if (!canAssignRole(actor.role, open.role)) throw errors.forbidden();
  await deps.db
    .updateTable('invitation')
    .set({ withdrawn_at: sql`now()` })
    .where('id', '=', open.id)
    .execute();
  return listMembers(deps, actor);
}

const isWellFormedToken = (token: string) => /^[A-Za-z0-9_-]{20,200}$/.test(token);

async function usableInvitation(db: Deps['db'], token: string) {
  if (!isWellFormedToken(token)) throw errors.invitationInvalid();
  const invitation = await findUsableInvitation(db, sha256(token));
  if (!invitation) throw errors.invitationInvalid();
  return invitation;
}

/** What the invitation page shows: who invites, into which office, and whether the address has an account. */
export async function previewInvitation({ db }: Pick<Deps, 'db'>, token: string): Promise<InvitationPreview> {
  const invitation = await usableInvitation(db, token);
  return {
    company: invitation.company,
    invitedBy: nameOf({
      first_name: invitation.inviter_first_name,
      last_name: invitation.inviter_last_name,
      email: invitation.inviter_email,
    }),
    email: invitation.email,
    role: invitation.role,
    accountExists: Boolean(await findUserByEmail(db, invitation.email)),
  };
}

/**
 * Accepts an invitation once: a new person sets a password (the link proved the address, so the
 * account is validated); an existing account proves itself with its password. Either way the
 * person joins the office and gets a session in it.
 */
export async function acceptInvitation(
  deps: OfficeDeps,
  token: string,
  body: AcceptInvitationBody,
  client: RequestClient,
): Promise<UserWithToken> {
  const invitation = await usableInvitation(deps.db, token);
  const existing = await findUserByEmail(deps.db, invitation.email);
  if (existing) await checkExistingPassword(deps.db, existing, body.password, client.ip);
  else assertPasswordAcceptable(body.password, { email: invitation.email, companies: [invitation.company] });
  const passwordHash = existing ? undefined : await hashPassword(body.password);
  try {
    return await deps.db.transaction().execute(async (tx) => {
      // Single use: only the first of two concurrent acceptances claims it.
      const claimed = await tx
        .updateTable('invitation')
        .set({ accepted_at: sql`now()` })
        .where('id', '=', invitation.id)
        .where('accepted_at', 'is', null)
        .where('withdrawn_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning('id')
        .executeTakeFirst();
      if (!claimed) throw errors.invitationInvalid();
      // The invitation's own seat turns into the member's: the count stays as it was.
      await assertSeatFree(tx, invitation.office_id, (taken) => taken - 1);
      const person =
        existing ??
        (await insertPerson(tx, {
          email: invitation.email,
          passwordHash: passwordHash!,
          firstName: body.firstName,
          lastName: body.lastName,
          locale: 'de',
          lastOfficeId: invitation.office_id,
          validated: true,
        }));
      if (await findMember(tx, invitation.office_id, person.id)) throw errors.alreadyMember();
      await insertMember(tx, invitation.office_id, person.id, invitation.role);
      await tx.updateTable('invitation').set({ accepted_by: person.id }).where('id', '=', invitation.id).execute();
      const updated = await tx
        .updateTable('app_user')
        .set({ last_office_id: invitation.office_id })
        .where('id', '=', person.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const sessionToken = await createSession(tx, person.id, invitation.office_id, {
        ...client,
        now: deps.config.now(),
      });
      return { ...(await userOfSession(tx, updated, { officeId: invitation.office_id })), token: sessionToken };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw errors.alreadyMember();
    throw err;
  }
}

/** The same limits as sign-in: an invitation link must not become a way to guess passwords. */
async function checkExistingPassword(
  db: Deps['db'],
  person: { email: string; password_hash: string },
  password: string,
  ip: string,
) {
  await enforceLimit(db, `signin:ip:${ip}`, LIMITS.signInPerIp);
  const failedKey = failedSignInKey(ip, person.email);
  if (
    (await currentHits(db, failedKey, LIMITS.failedSignInPerAddressAndEmail)) >=
    LIMITS.failedSignInPerAddressAndEmail.max
  ) {
    throw errors.rateLimited();
  }
  if (!password) throw errors.passwordRequired();
  if (!(await verifyPassword(person.password_hash, password))) {
    await countHit(db, failedKey, LIMITS.failedSignInPerAddressAndEmail);
    throw errors.wrongPassword();
  }
  await clearLimit(db, failedKey);
}

/**
 * Gives a member another role. Owners change anyone; admins anyone but owners, and make no owners.
 * The last owner stays an owner. The person's open sessions follow at once.
 */
export async function changeMemberRole(deps: OfficeDeps, actor: Actor, userId: string, role: OfficeRole) {
  assertMayAssign(actor, role);
  await deps.db.transaction().execute(async (tx) => {
    await lockOffice(tx, actor.officeId);
    const member = await findMember(tx, actor.officeId, userId);
    if (!member) throw errors.notFound();
    if (!canAssignRole(actor.role, member.role)) throw errors.forbidden();
    if (member.role === 'owner' && role !== 'owner' && (await countOwners(tx, actor.officeId)) <= 1)
      throw errors.lastOwner();
    await updateMemberRole(tx, actor.officeId, userId, role);
  });
  deps.realtime.membershipChanged(actor.officeId, userId);
  return listMembers(deps, actor);
}

/**
 * Hands the office over: the person becomes an owner and the owner who hands over an admin, in one
 * step, so the office is never without an owner.
 */
export async function handOverOwnership(deps: OfficeDeps, actor: Actor, userId: string) {
  requireRole(actor, 'owner');
  if (userId === actor.userId) return listMembers(deps, actor);
  await deps.db.transaction().execute(async (tx) => {
    await lockOffice(tx, actor.officeId);
    if (!(await findMember(tx, actor.officeId, userId))) throw errors.notFound();
    await updateMemberRole(tx, actor.officeId, userId, 'owner');
    await updateMemberRole(tx, actor.officeId, actor.userId, 'admin');
  });
  deps.realtime.membershipChanged(actor.officeId, userId);
  deps.realtime.membershipChanged(actor.officeId, actor.userId);
  return listMembers(deps, { ...actor, role: 'admin' });
}

/**
 * Removes a person from the office (or lets them leave it): their sessions in the office end at
 * once, their links stop working; what they did stays in the timeline under their name.
 */
export async function removeMember(deps: OfficeDeps, actor: Actor, userId: string) {
  const leaving = userId === actor.userId;
  if (!leaving) requireRole(actor, 'owner', 'admin');
  const projectIds = await deps.db.transaction().execute(async (tx) => {
    await lockOffice(tx, actor.officeId);
    const member = await findMember(tx, actor.officeId, userId);
    if (!member) throw errors.notFound();
    if (!leaving && !canAssignRole(actor.role, member.role)) throw errors.forbidden();
    if (member.role === 'owner' && (await countOwners(tx, actor.officeId)) <= 1) throw errors.lastOwner();
    const theirProjects = await projectsOfMember(tx, actor.officeId, userId);
    await deleteMember(tx, actor.officeId, userId);
    await revokeOfficeSessions(tx, userId, actor.officeId);
    return theirProjects;
  });
  deps.realtime.endMemberSessions(actor.officeId, userId, projectIds);
  return leaving ? undefined : listMembers(deps, actor);
}

/** Moves the session into another office of the person; the next sign-in lands there too. */
export async function switchOffice(deps: Pick<Deps, 'db'>, session: SessionRow & { token: string }, officeId: string) {
  const member = await findMember(deps.db, officeId, session.userId);
  if (!member) throw errors.notFound();
  const person = await deps.db.transaction().execute(async (tx) => {
    await tx
      .updateTable('session_token')
      .set({ office_id: officeId })
      .where('token_hash', '=', sha256(session.token))
      .execute();
    return tx
      .updateTable('app_user')
      .set({ last_office_id: officeId })
      .where('id', '=', session.userId)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return userOfSession(deps.db, person, { officeId });
}

/** A person without an office (they left or were removed) founds one of their own. */
export async function foundOffice(
  deps: Pick<Deps, 'db' | 'config'>,
  session: SessionRow & { token: string },
  company: string,
  ip: string,
): Promise<User> {
  // Founding an office is signing up for one: the same limit per address.
  await enforceLimit(deps.db, `signup:ip:${ip}`, signUpLimit(deps.config.signUpsPerIpPerHour));
  const person = await findUserById(deps.db, session.userId);
  if (!person) throw errors.notFound();
  const officeId = await deps.db.transaction().execute(async (tx) => {
    const office = await tx.insertInto('office').values({ company }).returning('id').executeTakeFirstOrThrow();
    await insertMember(tx, office.id, person.id, 'owner');
    await tx
      .updateTable('session_token')
      .set({ office_id: office.id })
      .where('token_hash', '=', sha256(session.token))
      .execute();
    await tx.updateTable('app_user').set({ last_office_id: office.id }).where('id', '=', person.id).execute();
    return office.id;
  });
  return userOfSession(deps.db, { ...person, last_office_id: officeId }, { officeId });
}
