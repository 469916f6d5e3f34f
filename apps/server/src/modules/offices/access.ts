import { sql, type Expression, type SqlBool } from 'kysely';
import {
  canChangeOfficeLists,
  errors,
  seesAllProjects as roleSeesAllProjects,
  type OfficeRole,
} from '@plankurier/shared';

/** The person acting and the office they act in, with their role there: what every query is scoped by. */
export interface Actor {
  userId: string;
  officeId: string;
  role: OfficeRole;
}

/** Owners and admins work in every project of the office; members only in those they were added to. */
export const seesAllProjects = (actor: Actor) => roleSeesAllProjects(actor.role);

/**
 * The condition every query of a project's rows carries: the project (the table or alias named
 * `project`) belongs to the actor's office and, for a member, is one they were added to. A project
 * outside it is treated as missing (404), the same as another office's.
 */
export function visibleProject(actor: Actor, project = 'project'): Expression<SqlBool> {
  const ofOffice = sql<SqlBool>`${sql.ref(`${project}.office_id`)} = ${actor.officeId}`;
  if (seesAllProjects(actor)) return ofOffice;
  return sql<SqlBool>`(${ofOffice} and exists (select 1 from project_member pm
    where pm.project_id = ${sql.ref(`${project}.id`)} and pm.user_id = ${actor.userId}))`;
}

/** Refuses (403) an action reserved to some roles, e.g. billing to owners, members to owners and admins. */
export function requireRole(actor: Actor, ...roles: OfficeRole[]): void {
  if (!roles.includes(actor.role)) throw errors.forbidden();
}

/**
 * The office's shared lists (roles, templates) are every project's: owners and admins create, rename
 * and delete their entries (403 for members, also on a project).
 */
export function requireOfficeListRights(actor: Actor): void {
  if (!canChangeOfficeLists(actor.role)) throw errors.forbidden();
}

/** Stands for a person who no longer exists (their account was deleted). */
const NOBODY = '00000000-0000-0000-0000-000000000000';

/** Jobs act for the person who queued them, on every project of the office (access was checked then). */
export const officeActor = (officeId: string, userId: string | null): Actor => ({
  officeId,
  userId: userId ?? NOBODY,
  role: 'owner',
});

/** For rows that carry a project's id (a column, or an expression): the project is one the actor may see. */
export function inVisibleProject(actor: Actor, projectId: string | Expression<string>): Expression<SqlBool> {
  const ref = typeof projectId === 'string' ? sql.ref(projectId) : projectId;
  return sql<SqlBool>`${ref} in (select project.id from project where ${visibleProject(actor)})`;
}

/**
 * A link made by a person (print, archive or file download) works only while they may still see its
 * project — in the office, and an owner or admin or on the project's team — checked when it is used:
 * removing them, taking them off the project or lowering their role ends the links they made.
 */
export function madeBySomeoneWhoSees(officeId: string, userId: string, projectId: string): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from office_member m
    where m.office_id = ${sql.ref(officeId)} and m.user_id = ${sql.ref(userId)}
      and (m.role in ('owner', 'admin') or exists (select 1 from project_member pm
        where pm.project_id = ${sql.ref(projectId)} and pm.user_id = m.user_id)))`;
}

/** An invoice link works only while the person who made it is still an owner of the office. */
export function madeByOwner(officeId: string, userId: string): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from office_member m
    where m.office_id = ${sql.ref(officeId)} and m.user_id = ${sql.ref(userId)} and m.role = 'owner')`;
}
