import { Stack } from '@mantine/core';
import { useCurrentUser } from '../../../session/use-session';
import { canManageProjects } from '../../office/office-rules';
import { ProjectArchivesSection } from '../archives/ProjectArchivesSection';
import { NamingKeySection } from '../plan-sets/NamingKeySection';
import { ProjectPrintsSection } from '../prints/ProjectPrintsSection';
import type { ProjectModel } from '../model/project-model';
import { DeleteProjectSection } from './DeleteProjectSection';
import { PhaseEditor } from './PhaseEditor';
import { ProjectDataForm } from './ProjectDataForm';
import { ProjectTeamSection } from './ProjectTeamSection';
import { RoleEditor } from './RoleEditor';

/** 'Einstellungen': number and name, the team, phases, roles, prints, archives; owners and admins delete the project. */
export function SettingsTab({ model }: { model: ProjectModel }) {
  const manages = canManageProjects(useCurrentUser()?.role ?? null);
  const projectId = model.bundle.project._id;
  return (
    <Stack gap="lg" maw={880}>
      <ProjectDataForm project={model.bundle.project} />
      <ProjectTeamSection projectId={projectId} />
      <PhaseEditor projectId={projectId} phases={model.phases} />
      <NamingKeySection model={model} />
      <RoleEditor roles={model.bundle.roles} />
      <ProjectPrintsSection projectId={projectId} />
      <ProjectArchivesSection projectId={projectId} archives={model.bundle.archives} />
      {manages ? <DeleteProjectSection project={model.bundle.project} /> : null}
    </Stack>
  );
}
