import { requireOfficeListRights, type Actor } from '../offices/access.ts';
import { errors, type RoleDto } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { claimRevision } from '../revisions/revision.ts';
import { announceChange } from '../projects/changes.ts';
import { toRoleDto } from '../participants/dto.ts';
import { isUniqueViolation } from '../users/queries.ts';
import {
  deleteRoleRow,
  findRoles,
  insertRole,
  projectsUsingRole,
  renameRole,
  roleNameInUse,
  rolesOfOffice,
} from './queries.ts';

type RoleDeps = Pick<Deps, 'db' | 'realtime'>;

/**
 * Roles belong to the office, not to a project: the office's sessions hear `{ entity: 'role', id, roles: true }`,
 * and every project whose participants hold the role hears its own change.
 */
async function announceRole(deps: RoleDeps, actor: Actor, roleId: string, projectIds: readonly string[]) {
  deps.realtime.toOffice(actor.officeId, 'updateData', { entity: 'role', id: roleId, roles: true });
  for (const projectId of projectIds) await announceChange(deps, actor, { projectId, entity: 'role', id: roleId });
}

/** Required, and unique in the office ignoring case. */
async function checkName(db: Deps['db'], actor: Actor, name: string, exceptRoleId?: string): Promise<string> {
  const value = name.trim();
  if (!value) throw errors.roleNameRequired();
  if (await roleNameInUse(db, actor.officeId, value, exceptRoleId)) throw errors.roleNameTaken();
  return value;
}

export async function listRoles({ db }: RoleDeps, actor: Actor): Promise<RoleDto[]> {
  return (await rolesOfOffice(db, actor.officeId)).map(toRoleDto);
}

export async function createRole(deps: RoleDeps, actor: Actor, name: string): Promise<RoleDto> {
  requireOfficeListRights(actor);
  const role = await uniqueName(async () =>
    toRoleDto(await insertRole(deps.db, actor.officeId, await checkName(deps.db, actor, name))),
  );
  await announceRole(deps, actor, role._id, []);
  return role;
}

export async function updateRole(
  deps: RoleDeps,
  actor: Actor,
  roleId: string,
  name: string,
  seen?: number,
): Promise<RoleDto> {
  requireOfficeListRights(actor);
  const { role, projectIds } = await uniqueName(() =>
    deps.db.transaction().execute(async (tx) => {
      const [found] = await findRoles(tx, actor.officeId, [roleId]);
      if (!found) throw errors.notFound();
      await claimRevision(tx, { table: 'role', id: roleId, seen, userId: actor.userId }, async () =>
        toRoleDto((await findRoles(tx, actor.officeId, [roleId]))[0]!),
      );
      const value = await checkName(tx, actor, name, roleId);
      const row = await renameRole(tx, actor.officeId, roleId, value);
      if (!row) throw errors.notFound();
      return { role: toRoleDto(row), projectIds: await projectsUsingRole(tx, roleId) };
    }),
  );
  await announceRole(deps, actor, roleId, projectIds);
  return role;
}

/** The role leaves every participant that held it, in every project. */
export async function deleteRole(deps: RoleDeps, actor: Actor, roleId: string): Promise<void> {
  requireOfficeListRights(actor);
  const projectIds = await deps.db.transaction().execute(async (tx) => {
    const projects = await projectsUsingRole(tx, roleId);
    if (!(await deleteRoleRow(tx, actor.officeId, roleId))) throw errors.notFound();
    return projects;
  });
  await announceRole(deps, actor, roleId, projectIds);
}

/** Two concurrent requests may both pass the check; the unique index decides, with the same answer. */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw errors.roleNameTaken();
    throw err;
  }
}
