import { errors, type ProjectTeamMember } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { findProject } from '../projects/queries.ts';
import { requireRole, type Actor } from './access.ts';
import { addProjectMember, findMember, membersOf, projectMemberIds, removeProjectMember } from './queries.ts';

type TeamDeps = Pick<Deps, 'db' | 'realtime'>;

/** Who works in the project: the office's owners and admins by their role, members because they were added. */
export async function projectTeam({ db }: Pick<Deps, 'db'>, actor: Actor, projectId: string) {
  if (!(await findProject(db, actor, projectId))) throw errors.notFound();
  const [members, added] = await Promise.all([membersOf(db, actor.officeId), projectMemberIds(db, projectId)]);
  const onProject = new Set(added);
  return members
    .filter((m) => m.role !== 'member' || onProject.has(m.id))
    .map((m): ProjectTeamMember => ({
      _id: m.id,
      email: m.email,
      firstName: m.first_name,
      lastName: m.last_name,
      role: m.role,
      joinedAt: m.created_at.toISOString(),
      viaRole: m.role !== 'member',
    }));
}

/** Owners and admins add a member to a project: it appears in their list and their open sessions at once. */
export async function addToProject(deps: TeamDeps, actor: Actor, projectId: string, userId: string) {
  // A project the person may not see is missing to them (404), one they see but may not manage 403.
  if (!(await findProject(deps.db, actor, projectId))) throw errors.notFound();
  requireRole(actor, 'owner', 'admin');
  const member = await findMember(deps.db, actor.officeId, userId);
  if (!member) throw errors.notFound();
  await addProjectMember(deps.db, projectId, userId, actor.userId);
  deps.realtime.joinProject(actor.officeId, userId, projectId);
  deps.realtime.toMember(actor.officeId, userId, 'updateData', {
    projectId,
    entity: 'project',
    id: projectId,
    projects: true,
  });
  return projectTeam(deps, actor, projectId);
}

/** Takes a member off a project: from now on it answers 404 to them, and their sessions stop hearing of it. */
export async function removeFromProject(deps: TeamDeps, actor: Actor, projectId: string, userId: string) {
  // A project the person may not see is missing to them (404), one they see but may not manage 403.
  if (!(await findProject(deps.db, actor, projectId))) throw errors.notFound();
  requireRole(actor, 'owner', 'admin');
  if (!(await removeProjectMember(deps.db, projectId, userId))) throw errors.notFound();
  deps.realtime.leaveProject(actor.officeId, userId, projectId);
  deps.realtime.toMember(actor.officeId, userId, 'updateData', {
    projectId,
    entity: 'project',
    id: projectId,
    projects: true,
    removed: true,
  });
  return projectTeam(deps, actor, projectId);
}
