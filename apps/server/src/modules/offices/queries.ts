import { sql } from 'kysely';
import { DEFAULT_LOCALE, type Locale, type OfficeRole } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';

export const findOffice = (db: Db, officeId: string) =>
  db.selectFrom('office').selectAll().where('id', '=', officeId).executeTakeFirst();

/** The offices a person belongs to, with their role there, by company name. */
export const membershipsOf = (db: Db, userId: string) =>
  db
    .selectFrom('office_member as m')
    .innerJoin('office', 'office.id', 'm.office_id')
    .select(['office.id', 'office.company', 'm.role'])
    .where('m.user_id', '=', userId)
    .orderBy(sql`lower(office.company)`)
    .orderBy('office.created_at')
    .execute();

export const findMember = (db: Db, officeId: string, userId: string) =>
  db
    .selectFrom('office_member')
    .selectAll()
    .where('office_id', '=', officeId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

/** The office's people with their names, owners first, then by name. */
export const membersOf = (db: Db, officeId: string) =>
  db
    .selectFrom('office_member as m')
    .innerJoin('app_user as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.email', 'u.first_name', 'u.last_name', 'm.role', 'm.created_at'])
    .where('m.office_id', '=', officeId)
    .orderBy(sql`array_position(array['owner', 'admin', 'member'], m.role)`)
    .orderBy(sql`lower(u.last_name || u.first_name || u.email)`)
    .execute();

export async function countOwners(db: Db, officeId: string): Promise<number> {
  const row = await db
    .selectFrom('office_member')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('office_id', '=', officeId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const insertMember = (db: Db, officeId: string, userId: string, role: OfficeRole) =>
  db.insertInto('office_member').values({ office_id: officeId, user_id: userId, role }).execute();

export const updateMemberRole = (db: Db, officeId: string, userId: string, role: OfficeRole) =>
  db
    .updateTable('office_member')
    .set({ role })
    .where('office_id', '=', officeId)
    .where('user_id', '=', userId)
    .execute();

/** Removes the person from the office and from every project of it. */
export async function deleteMember(db: Db, officeId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('project_member')
    .where('user_id', '=', userId)
    .where('project_id', 'in', db.selectFrom('project').select('id').where('office_id', '=', officeId))
    .execute();
  await db.deleteFrom('office_member').where('office_id', '=', officeId).where('user_id', '=', userId).execute();
}

/** Seats taken: people in the office and invitations still open. */
export async function countSeatsTaken(db: Db, officeId: string): Promise<number> {
  const row = await sql<{ n: number }>`select
      (select count(*) from office_member where office_id = ${officeId})
    + (select count(*) from invitation where office_id = ${officeId}
        and accepted_at is null and withdrawn_at is null and expires_at > now()) as n`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

export const addProjectMember = (db: Db, projectId: string, userId: string, addedBy: string) =>
  db
    .insertInto('project_member')
    .values({ project_id: projectId, user_id: userId, added_by: addedBy })
    .onConflict((oc) => oc.columns(['project_id', 'user_id']).doNothing())
    .execute();

export const removeProjectMember = (db: Db, projectId: string, userId: string) =>
  db
    .deleteFrom('project_member')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .returning('user_id')
    .executeTakeFirst();

/** The office's projects a person was added to. */
export const projectsOfMember = async (db: Db, officeId: string, userId: string) =>
  (
    await db
      .selectFrom('project_member')
      .innerJoin('project', 'project.id', 'project_member.project_id')
      .select('project.id')
      .where('project_member.user_id', '=', userId)
      .where('project.office_id', '=', officeId)
      .execute()
  ).map((r) => r.id);

/** The members (role 'member') added to a project. */
export const projectMemberIds = async (db: Db, projectId: string) =>
  (await db.selectFrom('project_member').select('user_id').where('project_id', '=', projectId).execute()).map(
    (r) => r.user_id,
  );

export const openInvitations = (db: Db, officeId: string) =>
  db
    .selectFrom('invitation as i')
    .leftJoin('app_user as u', 'u.id', 'i.invited_by')
    .select([
      'i.id',
      'i.email',
      'i.role',
      'i.sent_at',
      'i.expires_at',
      'u.first_name as inviter_first_name',
      'u.last_name as inviter_last_name',
      'u.email as inviter_email',
    ])
    .where('i.office_id', '=', officeId)
    .where('i.accepted_at', 'is', null)
    .where('i.withdrawn_at', 'is', null)
    .orderBy('i.sent_at', 'desc')
    .execute();

export const findOpenInvitation = (db: Db, officeId: string, invitationId: string) =>
  db
    .selectFrom('invitation')
    .selectAll()
    .where('id', '=', invitationId)
    .where('office_id', '=', officeId)
    .where('accepted_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();

export const findOpenInvitationByEmail = (db: Db, officeId: string, email: string) =>
  db
    .selectFrom('invitation')
    .selectAll()
    .where('office_id', '=', officeId)
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('accepted_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();

/** An invitation a link may still use: open and not expired. */
export const findUsableInvitation = (db: Db, tokenHash: Buffer) =>
  db
    .selectFrom('invitation as i')
    .innerJoin('office', 'office.id', 'i.office_id')
    .leftJoin('app_user as u', 'u.id', 'i.invited_by')
    .select([
      'i.id',
      'i.office_id',
      'i.email',
      'i.role',
      'office.company',
      'u.first_name as inviter_first_name',
      'u.last_name as inviter_last_name',
      'u.email as inviter_email',
    ])
    .where('i.token_hash', '=', tokenHash)
    .where('i.accepted_at', 'is', null)
    .where('i.withdrawn_at', 'is', null)
    .where('i.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();

/**
 * The office's language: the interface language of its longest-standing owner (the office has no
 * setting of its own). New contacts take it; 'de' for an office without an owner.
 */
export const officeLocaleOf = async (db: Db, officeId: string): Promise<Locale> =>
  (
    await db
      .selectFrom('office_member as m')
      .innerJoin('app_user as u', 'u.id', 'm.user_id')
      .select('u.locale')
      .where('m.office_id', '=', officeId)
      .where('m.role', '=', 'owner')
      .orderBy('m.created_at')
      .limit(1)
      .executeTakeFirst()
  )?.locale ?? DEFAULT_LOCALE;
