import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';

export const rolesOfOffice = (db: Db, officeId: string) =>
  db
    .selectFrom('role')
    .select(['id', 'name', 'revision'])
    .where('office_id', '=', officeId)
    .orderBy(sql`name collate "de-x-icu"`)
    .orderBy('id')
    .execute();

/** The roles among `ids` that the office owns. */
export const findRoles = (db: Db, officeId: string, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('role')
        .select(['id', 'name', 'revision'])
        .where(sql<boolean>`id = any(${ids}::uuid[])`)
        .where('office_id', '=', officeId)
        .execute();

export async function roleNameInUse(db: Db, officeId: string, name: string, exceptRoleId?: string): Promise<boolean> {
  let query = db
    .selectFrom('role')
    .select('id')
    .where('office_id', '=', officeId)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptRoleId) query = query.where('id', '<>', exceptRoleId);
  return Boolean(await query.executeTakeFirst());
}

export const insertRole = (db: Db, officeId: string, name: string) =>
  db
    .insertInto('role')
    .values({ office_id: officeId, name })
    .returning(['id', 'name', 'revision'])
    .executeTakeFirstOrThrow();

export const renameRole = (db: Db, officeId: string, roleId: string, name: string) =>
  db
    .updateTable('role')
    .set({ name })
    .where('id', '=', roleId)
    .where('office_id', '=', officeId)
    .returning(['id', 'name', 'revision'])
    .executeTakeFirst();

export const deleteRoleRow = (db: Db, officeId: string, roleId: string) =>
  db.deleteFrom('role').where('id', '=', roleId).where('office_id', '=', officeId).returning('id').executeTakeFirst();

/** The projects whose participants hold the role: their open screens show it. */
export async function projectsUsingRole(db: Db, roleId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('participant_role')
    .innerJoin('participant', 'participant.id', 'participant_role.participant_id')
    .select('participant.project_id')
    .distinct()
    .where('participant_role.role_id', '=', roleId)
    .execute();
  return rows.map((r) => r.project_id);
}
